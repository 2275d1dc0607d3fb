// Over 400 lines, one concept: the one lexicon of reply markers by role (agreement, refusal, condition, part, change, addition,
// courtesy, idioms); kept in one file because readings test them against each other and the order of alternatives matters.
/**
 * The words and constructions the consent judge reads, by role, in English, Spanish and
 * Chinese (text in `normalizeText` form: lower case, Spanish accents removed, "sí" → `siyes`).
 *
 * These are grammatical markers (how a sentence agrees, refuses, conditions, asks, changes,
 * restricts or adds), not phrases of any corpus: a reply is judged by which roles its clauses
 * play, and by whether its content stays within what the request described.
 * @internal
 */

// prettier-ignore
const B = "(?<![\\p{L}\\p{N}_])";
// prettier-ignore
const E = "(?![\\p{L}\\p{N}_])";

/** A regex matching any of the alternatives as whole words (Latin) or as plain text (CJK). */
function words(latin: readonly string[], cjk: readonly string[] = []): RegExp {
  const parts = [...(latin.length > 0 ? [`${B}(?:${latin.join("|")})${E}`] : []), ...(cjk.length > 0 ? [`(?:${cjk.join("|")})`] : [])];
  return new RegExp(parts.join("|"), "iu");
}

/**
 * A regex that must match at the start of a clause or after a comma ("…, so yes, please…"), after a few fillers ("oh", "and",
 * "well", "hi"). With `corrects`, also after a self-correction ("Yes, I mean wait.", "Sí, o sea, espera.", "好的，我是说等等"): what
 * follows it is what the speaker now says (used for refusals only: "I mean yes" adds no consent a plain "yes" would not give).
 */
function opening(latin: readonly string[], cjk: readonly string[] = [], afterComma = true, corrects = false): RegExp {
  const fillers = `oh|ah|and|so|well|then|okay then|hi|hello|hey|great|perfect|thanks|thank you|honestly|actually|gracias|bueno|pues|y|嗯|哦|那|那就${corrects ? "|i mean|what i mean is|i mean to say|o sea|digo|quiero decir|mejor dicho" : ""}`;
  const lead = `(?:^${afterComma ? "|[,;，]\\s*" : ""})(?:(?:${fillers})[,!\\s]+${corrects ? "|(?:我是说|我的意思是|我是想说)[,，\\s]*" : ""})*`;
  const parts = [...(latin.length > 0 ? [`${lead}(?:${latin.join("|")})${E}`] : []), ...(cjk.length > 0 ? [`${lead}(?:${cjk.join("|")})`] : [])];
  return new RegExp(parts.join("|"), "iu");
}

// ── agreement ─────────────────────────────────────────────────────────────────────────

/** An interjection of agreement opening a clause: "yes", "sure", "sí", "vale", "好的", "可以". */
// prettier-ignore
export const YES_OPENING = opening(
  [
    "yes+", "yeah", "yea", "yep", "yup", "ya", "sure", "sure thing", "ok(?:ay)?", "okey", "alright", "all right", "absolutely", "definitely", "certainly", "of course", "indeed", "affirmative", "agreed", "exactly", "correct", "right",
    // French mixed into English or Spanish replies ("Oui, please proceed")
    "oui", "d'accord",
    // an acceptance said as a word of its own, before a pause or the end ("By all means.", "Deal.", "Approved!", "Uh-huh, cancel it")
    "by all means", "you bet", "(?:deal|approved|authori[sz]ed|granted)(?=\\s*[,.!;]|\\s*$)", "uh-?huh", "uh huh", "mm-?hm+", "mhm",
    "siyes", "si(?=\\s*[,.!]|$|\\s+(?:por favor|porfa|porfis|porfavor|gracias|claro|adelante|dale|proceda|hagalo)(?![\\p{L}])|\\s+\\p{L}+(?:e|a|en|an)(?:me|nos|le|les|se)?(?:lo|la|los|las)(?![\\p{L}]))",
    // an acceptance said as a word of its own ("Trato hecho.", "Autorizado.", "Dale.", "Órale.", "Hágale.")
    "trato hecho", "(?:autorizad[oa]|aprobad[oa]|dale|orale|hagale)(?=\\s*[,.!;]|\\s*$)", "claro(?: que siyes| que si)?", "vale", "de acuerdo", "por supuesto", "desde luego", "correcto", "exacto", "efectivamente", "perfecto", "esta bien", "muy bien", "okey",
  ],
  [
    "是的", "是啊", "是呀", "就这么定了", "就这样定了", "就这么着", "没毛病", "(?:就)?(?:按|照)这个(?:来|办)(?:吧)?", "(?:弄|搞|办)吧(?=[,.!?;，。！？；\\s]|$)", "对的", "对啊", "没错", "好的", "好啊", "好呀", "好吧", "好嘞", "行的", "行吧", "可以的", "没问题", "当然可以", "当然", "嗯好", "嗯嗯", "同意", "确认", "确定",
    // one character alone is a yes only before punctuation or a particle ("行，" but not "行李", "可以。" but not "可以加")
    "(?:是|对|好|行|可以)(?=[,.!?;，。！？；\\s]|$|[的啊呀吧嘞了滴哒呢])",
  ],
);

/** "I confirm", "I agree", "I accept", "confirmo", "acepto", "我确认", "我同意". */
// prettier-ignore
export const PERFORMATIVE = words(
  [
    // "I confirm (that) I received your message" confirms a fact of its own, not the action ("I confirm I want to proceed" is a yes)
    "(?:i|we) (?:hereby |can |do |also )?(?:confirm(?:ed)?|agree|approve|accept|consent|authori[sz]e)(?! (?:if|whether|receipt)(?![\\p{L}]))(?! (?:that )?(?:i|i'?ve|i have|i'?m|i am|we|we'?ve|we have|you'?ve|you have|it was|it has|they|he|she) (?!(?:want|would|'d|wish|agree|approve|accept|authori[sz]e|can|may|should|do|am (?:happy|ready|fine|okay|ok)|'m (?:happy|ready|fine|okay|ok))(?![\\p{L}])))",
    "(?:i|we)(?:'ll| will| am happy to| would like to|'d like to| want to) (?:confirm|accept|approve|authori[sz]e)(?! (?:if|whether))",
    "i(?:'ll| will) take (?:it|that|this)", "confirmed", "you have my (?:permission|consent|approval|authori[sz]ation|go-ahead)", "(?:permission|consent) granted",
    "confirmo", "confirmado", "acepto", "aceptamos", "estoy de acuerdo", "autorizo", "doy mi (?:consentimiento|autorizacion)",
  ],
  ["我确认", "我同意", "我接受", "同意办理", "确认办理", "确认取消", "确认更改", "确认改签", "确认预订", "确认升舱", "确认添加", "都确认", "两项都确认"],
);

/**
 * Telling the agent to go ahead: "go ahead", "please proceed", "do it", "let's do it",
 * "adelante", "proceda", "请办理", "办吧". A verb of a specific action ("cancel it") is read by
 * `ACTION_DIRECTIVE` with the request's actions.
 */
// prettier-ignore
export const GO_AHEAD = words(
  [
    "go ahead", "go right ahead", "(?:let'?s )?make it happen", "proceed", "carry on", "go for it", "move forward", "please do", "do it", "do that", "do so", "make it so", "make (?:the|that|this|those|these) (?:change|changes|update|updates|booking|modification|modifications)",
    "finali[sz]e (?:it|that|this|the \\w+|everything)", "complete (?:it|the \\w+)", "process (?:it|that|this|the \\w+)", "execute (?:it|that|this|the \\w+|(?!a(?![\\p{L}])|an(?![\\p{L}])|another|other|different|new)\\w+)", "take care of (?:it|that|this)", "let'?s (?:do it|do that|go(?=\\s*[.!,]|$)|go ahead|proceed|move forward)",
    "adelante", "proceda", "procede", "prosiga", "siga adelante", "continue", "continua", "hagalo", "hazlo", "hagamoslo", "tramitelo", "realicelo", "ejecutelo", "ejecutela", "ejecute (?:el|la|los|las) (?!otr[oa]s?(?![\\p{L}])|diferente|nuev[oa])\\w+",
  ],
  ["请办理", "办理吧", "请继续", "继续吧", "就这么办", "就这样办", "就按您说的办", "按您说的办", "照办", "办吧", "去办吧", "执行吧", "请执行", "帮我办", "帮我办理", "麻烦您办理", "请处理", "处理吧"],
);

/** Wanting to go ahead: "I'd like to proceed", "I'm ready to move forward", "quiero continuar", "我要办理". */
// prettier-ignore
export const WANT_TO_PROCEED = words(
  [
    "(?:i|we)(?:'d| would)? (?:still |really |also |just |now |then )?(?:like|love|want|wish)(?: you)? to (?:proceed|go ahead|move forward|continue|confirm|go through with)",
    "(?:i|we)(?:'m| am|'re| are) (?:ready|happy|glad|willing|fine|okay|ok|good) (?:to|with) (?:proceed|proceeding|go ahead|going ahead|move forward|moving forward|continue|confirm)",
    "(?:i|we)(?:'d| would) be (?:happy|glad) to (?:proceed|go ahead|move forward)",
    "(?:quiero|deseo|queremos|me gustaria) (?:proceder|continuar|seguir adelante|confirmar|hacerlo)", "(?:estoy|estamos) (?:listo|lista|listos|de acuerdo) (?:para|en|con) (?:proceder|continuar|seguir)",
  ],
  ["我要办理", "我想办理", "我同意办理", "可以办理", "可以继续", "继续办理"],
);

/** Readiness rather than assent ("I'm ready to confirm", "ready to proceed"): counts only as an answer to a yes-or-no question. */
// prettier-ignore
export const READINESS = /(?:i|we)(?:'m| am|'re| are) ready to/iu;

/**
 * What "就行 / 就好" ("that will do") may follow and still take the whole proposal: a demonstrative of
 * it ("这样就行", "按您说的就行") or a generic do-verb ("直接办理就行"). After anything else ("改航班就行",
 * "加一件行李就好") it keeps part of a proposal: a restriction.
 */
const ZH_WHOLE_PROPOSAL = "(?:就这样|这样|那样|这么办|那么办|照这样办?|按这个|按这样|照这个|(?:按|照)(?:你|您)说的(?:办)?|(?:直接)?(?:办理|处理|执行|办))";

/**
 * An affirmation made by negating an objection, said of the proposal as a whole: "no objections", "I don't see why not", "no
 * tengo inconveniente", "no veo por qué no", "没意见", "我不反对". With an object of its own ("no objection to the refund",
 * "对退款没意见") it judges that part only and is no agreement; nor is it one before "but", "if" or "except". Read as an approval
 * (after a yes-or-no question only) and as an idiom whose negator negates nothing of the action.
 */
const NO_OBJECTION_END =
  "(?!\\s*(?:to|about|regarding|with|against|on|for|if|but|except|as long|a|con|en|sobre|respecto|para|pero|si|salvo|excepto)(?![\\p{L}]))";
// prettier-ignore
const NO_OBJECTION_LATIN = [
  `(?:(?:i|we)(?:'ve| have)? (?:got )?)?no objections?(?: (?:from|on) (?:me|us|my (?:side|end|part)|our (?:side|end|part)))?${NO_OBJECTION_END}`,
  `(?:i|we) (?:don'?t|do not) (?:have|see) any objections?${NO_OBJECTION_END}`, `(?:i|we) (?:don'?t|do not) object${NO_OBJECTION_END}`,
  "(?:i|we) (?:don'?t|do not|can'?t|cannot) see why not", "(?:i|we) (?:don'?t|do not|can'?t|cannot) see (?:any|a) reason (?:not to|why not)(?: do it)?",
  `(?:i|we) (?:have|'ve got) nothing against (?:it|that|this)${NO_OBJECTION_END}`,
  `(?:no tengo|no tenemos|no hay|sin|ninguna) (?:ninguna |ningun )?(?:objecion|objeciones|inconveniente|inconvenientes)${NO_OBJECTION_END}`,
  `no (?:me|nos) opongo${NO_OBJECTION_END}`, "no veo por que no", "no veo (?:ninguna |ningun )?(?:razon|motivo) para no(?: hacerlo)?", `no tengo nada en contra${NO_OBJECTION_END}`,
];
// prettier-ignore
const NO_OBJECTION_CJK = ["(?<!对[^，,。；;！!？?]{0,15})(?:我|我们)?(?:没(?:有)?(?:什么)?(?:意见|异议)|无异议|不反对|没什么不可以的?)"];

/**
 * Judging the proposal good or right: "sounds good", "that's correct", "everything looks
 * fine", "that works for me", "me parece bien", "没问题", "都对".
 */
// prettier-ignore
export const APPROVAL = words(
  [
    "(?:that|this|it|everything|all|all of (?:it|this|that)|all (?:the|these|those) details|the details|these details|those details|the summary|your summary|the above|everything above|the plan|the changes|both|both changes|the booking|the details above)(?:'s| is| are| all)? (?:(?:look|looks|seem|seems|sound|sounds)(?: all)? |(?:is|are|'s) (?:all )?)(?:good|great|fine|correct|right|accurate|perfect|ok|okay|spot on)(?! (?:if|but|except))",
    "sounds (?:good|great|perfect|fine|right)", "sounds like a plan", "that(?:'ll| will) work(?! (?:if|but|except|for (?!me|us)))", "(?:i'?m|i am|we'?re|we are) (?:all )?on board", "that(?:'ll| will) do(?! (?:for|if|but|except|until))", "looks (?:good|great|perfect|fine|right|correct)", "that'?s (?:right|correct|perfect|fine|great|it|the one)", "that is (?:right|correct|the one)", "that'?s all (?:correct|good|fine|right)", "all correct", "all good",
    "(?:that|this|it|which) works(?: for me| for us| perfectly| fine)?", "works for (?:me|us)", "fine (?:by|with) (?:me|us)", "(?:i'?m|i am|we'?re|we are) (?:fine|okay|ok|good|happy|comfortable) with (?:that|this|it|everything|all of (?:that|this|it)|the (?:details|plan|changes|summary|booking|update))",
    ...NO_OBJECTION_LATIN, "no problem", "not a problem", "me parece (?:bien|perfecto|correcto|genial)", "(?:esta|esta todo|todo esta|todo) (?:bien|correcto|perfecto)", "(?:es|son) correct[oa]s?", "eso es", "asi es", "(?:me|nos) (?:sirve|va bien|viene bien)(?! (?:si|pero|excepto|salvo))", "sin problema", "no hay (?:ningun )?problema",
  ],
  ["都对", "都没问题", "没问题", "没错", "可以的", "就这样", "正确", "信息都对", "都正确", `${ZH_WHOLE_PROPOSAL}就(?:行|好|可以)`, ...NO_OBJECTION_CJK],
);

// ── refusal ───────────────────────────────────────────────────────────────────────────

/** A refusal opening a clause: "no", "nope", "no thanks", "mejor no", "不要", "不用了", "算了". */
// prettier-ignore
export const NO_OPENING = opening(
  ["no+(?=\\s*(?:[,.!?;—–-]|$|(?:thanks?|thank you|gracias|wait|sorry|actually|i|we|please|por favor|no|not|don'?t|que no|quiero|lo|la|eso)(?![\\p{L}])))", "nope", "nah", "no thanks?", "no thank you", "not now", "not yet", "never ?mind", "forget it", "scratch that", "hold on", "hold off", "hang on", "hold up", "wait", "stop", "mejor no", "no gracias", "olvidelo", "espere", "espera", "aguarde", "un momento", "un segundo"],
  ["不要", "不用了", "不用", "不行", "不了", "不必了", "算了", "先不", "暂时不", "别", "不同意", "拒绝", "等一下", "等等", "等下", "(?:请)?(?:先|稍|再)等", "停", "先停", "慢着"],
  true,
  true
);

/** Refusing the action itself: "don't cancel it", "I don't want to proceed", "I'll keep the reservation", "no la cancele", "不取消了". */
// prettier-ignore
export const REFUSAL = words(
  [
    "(?:please )?(?:don'?t|do not|never) (?:go ahead|proceed|do (?:it|that|this|so|anything)|cancel|book|change|make|process|upgrade|downgrade|add|charge|issue|send|transfer|modify|update)",
    "(?:i|we)(?:'m| am)? (?:don'?t|do not|won'?t|will not|can'?t|cannot|am not going to|'m not going to|would rather not|'d rather not|no longer|not) (?:want|wish|need|going|like)?(?: to)? ?(?:proceed|go ahead|go through with|confirm|do (?:it|that|this)|move forward|accept)",
    "(?:i|we) (?:decline|refuse|reject)", "hold off(?: on)?", "wait on", "(?:i|we) (?:can'?t|cannot|won'?t) confirm", "i(?:'ll| will)(?: have to)? pass", "(?:i'?ve|i have) changed my mind", "changed my mind",
    "(?:i'?ll|i will|i'?d like to|i want to|i'?d prefer to|i prefer to|let'?s|i'?ll have to|i'?ll just) (?:keep|leave) (?:it|things|everything|the (?:reservation|booking|flight|trip)|my (?:reservation|booking|original \\w+|current \\w+)|the original \\w+)",
    "(?:don'?t|do not) need (?:to be )?(?:transferred|it|that|this)",
    "no (?:lo|la|los|las) (?:cancele|cambie|haga|reserve|modifique)", "no (?:quiero|deseo|queremos) (?:proceder|continuar|cancelar|cambiar|hacerlo|confirmar|ninguno|ninguna)", "no (?:proceda|continue|lo haga|la cancele)", "prefiero (?:mantener|conservar|quedarme con)", "dejelo (?:como esta|asi)",
  ],
  ["不取消", "不改了", "不要取消", "不要改", "不办了", "不需要了", "保留这个", "先保留", "两项都不要", "都不要", "不想取消", "不想改"],
);

/** Harmless idioms with a negator: "no worries", "no rush", "nothing else", "no hay problema", "没问题", "不客气". */
// prettier-ignore
export const NEGATIVE_IDIOMS = words(
  [
    "no (?:worries|problem|problems|rush|hurry|big deal|need to apologi[sz]e)(?: at all)?", "not (?:exactly )?what (?:i|we) (?:was |were |had )?(?:hoping|expecting|hoped|expected|wanted)(?: for)?", "not a problem", "not at all", "no further questions", "no (?:other|more|further) (?:questions|requests|concerns)", "nothing else", "nothing more",
    "(?:i )?(?:don'?t|do not) have any (?:other|more|further) (?:questions|requests|concerns)", "(?:that'?s|that is|that was) all (?:i|we) (?:need|needed|wanted|want|had|came for)(?: for now)?", "(?:that'?s|that is) all(?: for now)?", "eso es todo(?: por (?:ahora|el momento|mi parte))?", ...NO_OBJECTION_LATIN, "can'?t wait", "couldn'?t be happier", "no doubt", "no hay problema", "sin problema", "no se preocupe", "nada mas", "no tengo (?:mas|otras) preguntas",
  ],
  ["没问题", "没毛病", "不客气", "不用谢", "没事", "没关系", "辛苦", "不错", "没错", "不好意思", "暂时就这些", "我就这些(?:事|问题)?了?", ...NO_OBJECTION_CJK],
);

/** A negator (its scope is read by the judge). */
// prettier-ignore
export const NEGATOR = words(["no", "not", "n't", "never", "don'?t", "doesn'?t", "won'?t", "can'?t", "cannot", "nothing", "none", "neither", "nor", "without", "nunca", "nada", "ni", "tampoco", "sin"], ["不", "别", "没有", "没", "无", "勿", "甭"]);

// ── reservations inside an agreement ───────────────────────────────────────────────────

/** A condition: "if", "only if", "as long as", "provided", "siempre que", "如果", "只要". */
// prettier-ignore
export const CONDITION = words(
  [
    "if", "unless", "as long as", "so long as", "provided that", "(?<=^|, )provided", "providing that", "assuming", "on (?:the )?condition", "in case", "given that", "whether",
    "before (?:we |you |i )?(?:proceed|proceeding|go ahead|going ahead|move forward|moving forward|confirm|confirming|finali[sz]e|finali[sz]ing|commit|committing|do anything|doing anything|make any|authori[sz]e|authori[sz]ing|approve|approving|agree|agreeing|accept|accepting|pay|paying|sign off)",
    "(?:make|making) sure", "ensure", "be sure (?:that|i|we|it)",
    // what the yes waits on: "pending my manager's approval", "subject to", "depending on", "sujeto a", "a reserva de", "取决于"
    "pending (?:my|his|her|their|our|your|approval|confirmation|review|verification|sign-?off)", "(?<=^|[,;—–-] ?)pending", "subject to", "contingent (?:on|upon)", "depending on",
    "sujet[oa] a", "a reserva de", "dependiendo de", "pendiente de (?:la |su |mi )?(?:aprobacion|confirmacion|autorizacion|revision)",
    // a term the user demands beside the yes: "I insist on a full refund", "I demand a waiver", "insisto en", "exijo" (real-replies-7, r7-030)
    "insist(?:s|ed|ing)? (?:on|upon|that)", "i demand", "demand(?:s|ing)? (?:a|an|the|that|my|to)", "insist[oa] en", "insistimos en", "exij[oa]",
    "si(?!\\s*[,.!]|\\s*$|\\s+(?:por favor|porfa|porfis|porfavor|gracias|claro|adelante|dale|proceda|hagalo)(?![\\p{L}])|\\s+\\p{L}+(?:e|a|en|an)(?:me|nos|le|les|se)?(?:lo|la|los|las)(?![\\p{L}]))", "siempre (?:y cuando|que)", "solo si", "a menos que", "con tal (?:de )?que", "en caso de que", "mientras (?:que )?", "antes de (?:proceder|confirmar|continuar|seguir|autorizar|aprobar|aceptar|pagar)", "asegurar(?:me|se)?",
  ],
  ["如果", "要是", "假如", "只要", "只有", "除非", "前提是", "的话", "之前先", "先确认", "取决于", "有待", "坚持要", "我要求", "授权之前", "批准之前", "同意之前", "付款之前"],
);

/**
 * A step of the user's own set before the action itself: "call me before you charge the card", "before the money leaves",
 * "antes de cargar la Visa", "antes de que hagan el cambio", "扣款之前先给我打电话". A condition on going ahead, whatever else the
 * clause says.
 */
// prettier-ignore
export const STEP_BEFORE = words(
  [
    "before (?:you |we )?(?:actually |really )?(?:charg(?:e|ing)|bill(?:ing)?|send(?:ing)? (?:the|it|my|any)|transfer(?:ring)?|submit(?:ting)?|process(?:ing)?|switch(?:ing)?|activat(?:e|ing)|flip(?:ping)?|mak(?:e|ing) the (?:change|payment|transfer|switch))",
    "before (?:the|my|any) (?:money|payment|funds|charge|transfer) (?:actually )?(?:leaves|goes|is (?:sent|made|taken|charged))",
    "antes de (?:que (?:usted )?)?(?:cargar|carguen?|cobrar|cobren?|transferir|transfieran?|enviar|envien?|tramitar|tramiten?|procesar|procesen?|activar|activen?|hacer (?:el|la) (?:cambio|cargo|pago|transferencia)|hagan? (?:el|la) (?:cambio|cargo|pago|transferencia))", "antes de que (?:salga|salgan|se (?:cargue|cobre|envie|haga))",
  ],
  ["(?:扣|转|电汇|汇款|付款|提交|激活|换|改|办)[款钱卡费账理]?之前", "(?:换|改)套餐之前"],
);

/**
 * A dispute of what the action charges, announced beside the yes: "I'll dispute the $95 later", "I'm contesting that fee", "I'll do
 * a chargeback", "reclamaré la comisión", "esos 95 € los voy a impugnar", "这笔钱我会申诉", "我会拒付": the user does not accept the
 * charge the action makes, whatever the yes says.
 */
// prettier-ignore
export const DISPUTE = words(
  [
    "(?:i'?ll|i will|i'?m going to|i am going to|i'?m gonna|i'?ll be|i will be|i'?m) (?:(?:probably|definitely|certainly|just|still|also) )?(?:disput(?:e|ing)|contest(?:ing)?|challeng(?:e|ing)|fight(?:ing)?|charg(?:e|ing) (?:it )?back)",
    "(?:dispute|contest|challenge) (?:it|that|this|the (?:charge|fee|amount|difference)|them) later", "(?:file|do|make|request) a (?:chargeback|dispute)", "i dispute",
    "(?:voy a |pienso )?(?:reclamar|impugnar|disputar|recurrir|devolver el cargo)(?:la|lo|las|los)?", "(?:la|lo|las|los) (?:voy a|pienso) (?:reclamar|impugnar|recurrir)", "reclamare", "impugnare",
  ],
  ["(?:我|之后|回头|以后)[^，。,.]{0,6}(?:申诉|投诉|拒付|争议)", "(?:要|会|得)(?:申诉|拒付)"],
);

/**
 * Phrases with "if", "other" or "just" that put no condition on the action and change nothing:
 * "let me know if you need anything", "if possible", "to see if there's a way" (a purpose),
 * "all the other details look correct", "everything else looks good", "todo lo demás está bien".
 */
// prettier-ignore
export const HARMLESS_PHRASES = words([
  // "one thing after another", "una cosa tras otra": a run of events, not another item ("另一") or a change
  "one (?:[\\p{L}]+ )?after (?:another|the other)", "(?:un[oa]|una cosa|un problema) tras otr[oa]",
  "don'?t forget(?= (?:that|i|i'd|i'm|i'll|to|about|we|we'd)(?![\\p{L}']))", "let me know if", "(?:and )?if (?:you|there'?s|there is) (?:need|needs|anything|any (?:other|more|further))", "if that'?s all", "if that is all", "if (?:you )?need (?:anything|something) else", "if (?:at all |that'?s |it'?s |that is |it is )?possible", "if you can", "as (?:much|soon|quickly|fast) as (?:possible|you can)",
  "(?<!(?:like|want|need|wish|love|'d) )to (?:see|check|find out|explore) (?:if|whether)[^,;]*", "in (?:that|the|this) order(?: (?:specified|mentioned|listed|given|stated|you (?:said|mentioned|listed|described)))?", "(?:all )?(?:the )?other (?:details|information|points|items|info)", "(?:everything|all) else", "todo lo demas", "lo demas", "aviseme si", "digame si", "si es posible", "si se puede",
], ["一([个件次天桩样])(?:接|又|跟)一\\1", "接二连三"]);

/** A subordinate clause giving a reason: "since it's refundable", "because…", "porque…", "因为…" (it neither agrees nor asks). */
// prettier-ignore
export const REASON_CLAUSE = /(?:^|[,\s])(?:since|because|(?<!(?:as|so) (?:long|soon|far|much|well) )as (?=(?:the|it|it's|this|that|i|i'm|we|my|there)\b)|due to|given that|porque|ya que|puesto que|因为|由于)[^,;]*/giu;

/** A clause acknowledging what the agent said ("I understand that…"): what follows is not a request. */
// prettier-ignore
export const ACKNOWLEDGEMENT =
  /^(?:(?:oh|ok|okay|well|and|so|yes|yeah|great|thanks|thank you)[,\s]+)*(?:i (?:understand|see|realize|know|get it|get that|appreciate that)|understood|(?:i'?m|i am) (?:really |so |very |a bit |quite )?(?:sorry|sad|disappointed|glad|happy|relieved|thrilled|pleased|frustrated|upset) (?:to (?:hear|learn|see|know)|that|(?=we |you |it |there ))|entiendo|comprendo|明白|理解)/iu;

/**
 * Re-aiming the action ("switch it to…", "change that to…", "make it…", "cámbielo a…"): a change
 * only when the clause also brings a value or a word of its own.
 */
// prettier-ignore
export const RETARGET = words(["switch (?:it |that |this )?to", "change (?:it|that|this) to", "make (?:it|that) (?:a |an |the )?(?!anymore|work|happen|quick|easy|through)\\w+", "move (?:it|that|this|the \\w+) to", "cambie(?:lo|la)? a"], ["改成", "改到", "改为", "换成", "换到"]);

/** A change of what was described: "instead", "rather than", "a different…", "en lugar de", "而不是". */
// prettier-ignore
export const CHANGE = words(
  [
    "instead", "rather than", "in place of", "different", "another", "the other", "my other", "(?:i'?d|i would|i) (?:prefer|rather)", "prefer(?:ably)?",
    "not (?:the|a|an|my|\\$?\\d)",
    "en lugar de", "en vez de", "mejor (?:el|la|los|las|en|con|a)", "prefiero", "preferiria", "otra", "otro", "otras", "otros", "distint[oa]s?",
  ],
  ["而不是", "不要用", "另一", "别的", "其他的", "用其他", "换一个", "改用"],
);

/** Agreeing to part only: "only", "just the…", "skip", "except", "for now", "solo", "只", "仅" (not "just do it", "solo hágalo": impatience, all of it). */
// prettier-ignore
export const PARTIAL = words(
  // "the only option / way / choice" concedes there is no alternative: it restricts nothing ("if that's the only option, then yes")
  ["only(?<!the only(?= (?:option|choice|way|alternative|solution|possibility)(?![\\p{L}])))", "just (?:the|for|add|this|that|one|for now|keep)", "just do(?! (?:it|that|so)(?! (?:one|ones|part|first|second|last|bit|with|on|for|only)(?![\\p{L}]))(?![\\p{L}]))", "just (?:cancel|return|exchange|remove|refund|change|upgrade|book|send|modify|swap|replace) (?:the|my|one|that|this)(?! (?:order|reservation|booking|trip|whole|entire|one you|thing))",
    "(?:i|we) (?:still|do|really) (?:want|need) (?:the|my|to keep)", "(?:i'?ll|i will|i'?d like to|i want to|let me) keep (?:the|my)", "quiero quedarme con", "me quedo con", "todavia (?:quiero|necesito) (?:el|la|los|las|mi|mis)", "skip", "except", "excluding", "apart from", "but not", "for now", "later", "solo(?! (?:hagalo|hazlo|hagamoslo|proceda|procedan|procede|continue|adelante|tramitelo|confirmelo)(?! (?:con|para|el|la|los|las|en|de|solo|una|un|uno)(?![\\p{L}]))(?![\\p{L}]))", "solamente", "unicamente", "excepto", "salvo", "por ahora", "de momento", "por el momento",
    // the other words that take a listed thing out of what is agreed to ("all three minus the bottle", "everything other than the mat", "todo menos la
    // esterilla", "todo sin la lámpara"): not "more or less", "at least", "without a doubt" or "sin la menor duda"
    "minus", "less (?:the|my|that|this|those|these)", "other than", "aside from", "leaving out", "not including", "with the exception of", "bar(?:ring)? (?:the|my)", "save(?: for)? (?:the|my)",
    "without (?:the|my|that|this|those|these)(?! (?:slightest|least|shadow|need|hassle|fuss|wait))", "(?<!(?:^|\\s)(?:al|por lo|a lo|mas o|poco|cuando|lo) )menos (?:el|la|los|las|mi|mis|eso|esa|ese|esto|esta|este)(?! (?:posible|mas|menos))", "quitando", "excepcion del?", "sin contar", "sin incluir", "fuera de (?:el|la|los|las|mi|mis)",
    "sin (?:el|la|los|las|mi|mis)(?! (?:menor|mas|mínima|minima|ningun|ninguna))",
    // one of the listed things picked without naming it, as the whole answer ("yes, one of them", "sure, either one", "the one I
    // mentioned"): not all of them (not "one of them arrived broken", "the one I want to cancel")
    "(?:one|either) of (?:them|the two|these|those|the items|the flights|the orders|the reservations|the bookings)(?=\\s*(?:$|[.!,;]|please|(?:is|would be) (?:fine|enough|ok|okay|good)|will do))", "either one(?=\\s*(?:$|[.!,;]|please|(?:is|would be) (?:fine|enough|ok|okay|good)|will do))",
    "the one (?:i|we) (?:(?:already|just) )?(?:mentioned|told you about|talked about|said|asked (?:for|about)|picked|chose|selected|meant)(?! to)",
    "(?:el|la) que (?:le|te|les) (?:mencione|dije|comente|pedi)(?![\\p{L}])",
    // someone still travelling beside the yes ("Harold is still going", "Harold 还要去"): part of what was described is kept
    "(?:is|are|'s|'re|am|'m) still (?:going|travell?ing|flying|coming)(?!\\s+to(?![\\p{L}]))",
    // a listed thing left as it is ("leave the mug as it is", "the lamp can stay", "deje la tostadora como está", "la tostadora sí la quiero")
    "leave (?:the|my|that|this|those|these) (?:[\\p{L}-]+ ){1,3}?(?:as (?:it|they) (?:is|are|was|were)|alone|unchanged|the same|out of (?:it|this|that))", "(?:the|my|that|this) [\\p{L}-]+(?: [\\p{L}-]+)? (?:can|should|will|may|could) (?:stay|remain)",
    "dej(?:e|a|ar|emos|elo|ela|elos|elas) (?:el|la|los|las|mi|mis) (?:[\\p{L}-]+ ){1,3}?(?:como (?:esta|estan)|asi|igual|sin cambios?|en paz)", "(?:siyes|si) (?:lo|la|los|las) (?:quiero|necesito|conservo|uso|voy a (?:usar|conservar|quedar))", "(?:lo|la|los|las) (?:quiero|prefiero|voy a) (?:conservar|mantener|quedarme)"],
  // "只能这样" / "只好这样" ("it can only be this way"): the only option, conceded
  ["只(?!(?:能|好|有)(?:这样|如此|这么办))", "我(?:刚才|之前|上次)?(?:说|提到|讲)的那(?:个|件|张|笔|单)", "仅", "除了", "除外", "不包括", "不含", "以外的?(?:都|全)", "不动", "别动", "维持原样", "先别", "不要改", "不用改", `(?<!${ZH_WHOLE_PROPOSAL})就(?:行|好)`, "暂时", "先不", "就算了", "不用了", "还是要", "留着", "保留", "还要去", "还得去", "照常去", "照样去"],
);

/** Adding something: "also", "as well", "in addition", "while you're at it", "además", "另外". */
// prettier-ignore
export const ADDITION = words(["also", "as well", "too", "in addition", "additionally", "plus", "one more thing", "another thing", "while you'?re at it", "on top of that", "besides", "ademas", "tambien", "otra cosa", "aparte"], ["另外", "还要", "还想", "还需要", "顺便", "再帮", "也要", "也想", "此外", "还有"]);

/** Hesitation: "maybe", "not sure", "let me think", "quizás", "考虑一下". */
// prettier-ignore
export const HESITATION = words(
  [
    "maybe", "perhaps", "(?:i'?m |i am )?not (?:sure|certain)", "well,? (?:ok|okay|yes|yeah|sure|alright|fine)", "i think", "i believe", "unsure", "i don'?t know", "i do not know", "dunno", "let me (?:think|check|see|double-check|get back)", "need to think", "think (?:about|it over)", "(?:still|i'?m|i am|we'?re|we are) (?:thinking|deciding|undecided|on the fence)(?! (?:of|that)(?![\\p{L}]))", "(?:haven'?t|have not|not yet) (?:decided|made up my mind)", "(?:i'?ll|i will|i'?m going to|i need to|i have to|i'?ll have to|let me|we'?ll|we will) decide (?:on|about|later|tomorrow|after)", "undecided", "on the fence", "i guess", "i suppose", "probably", "possibly", "i think so", "(?<!m-?)h+m+", "u+m+", "u+h+(?![- ]?huh)", "give me (?:a|one) (?:minute|moment|second|sec)", "in a (?:minute|moment|bit)(?! of an? )",
    "on second thoughts?", "second thoughts", "in theory", "in principle", "theoretically", "on paper", "en teoria", "en principio", "teoricamente", "(?:better|let'?s|i'?d rather|maybe) (?:wait|hold off)", "pensandolo (?:bien|mejor)", "mejor (?:espere|esperemos|esperamos|lo dejamos)",
    "quizas?", "tal vez", "a lo mejor", "puede ser", "no (?:estoy|estoy muy) segur[oa]", "no se", "dejeme (?:pensar|pensarlo|ver)", "lo pienso", "lo pensare", "(?:lo )?estoy pensando", "(?:todavia|aun) no (?:lo )?(?:he )?decid\\w*", "(?:ya )?(?:lo|la|los|las) decid(?:o|ire|iremos|imos) (?:luego|despues|mas tarde|manana)", "ya (?:lo|la|los|las) decidire", "no (?:lo )?he decidido",
    // not ready to answer yet ("I'm not ready to send them back yet", "todavía no estoy lista", "我还没准备好")
    "(?:i'?m|i am|we'?re|we are) (?:still )?not (?:quite |really |yet |totally |fully )?ready", "not ready yet", "no (?:estoy|estamos) (?:todavia |aun |muy )?list[oa]s?",
  ],
  ["考虑一下", "考虑考虑", "没准备好", "还没准备", "还在考虑", "再考虑", "没想好", "还没决定", "再想想", "想一想", "想想", "不确定", "不知道", "也许", "可能", "大概(?!多久|多长时间|几天|几个工作日|什么时候)", "或许", "再说吧", "回头再说", "想了想", "还是等等", "还是算了", "还是先别", "理论上", "原则上"],
);

/** Putting the answer off: "I'll confirm once I have them", "once I see the total I'll decide", "lo confirmo cuando…". */
// prettier-ignore
export const DEFERRAL = words([
  "(?:i'?ll|i will|i can|i'?d be (?:happy|ready) to|i'?m ready to|i am ready to) (?:confirm|decide|approve|give (?:you )?(?:my|the) (?:go-ahead|confirmation|answer|ok))(?: \\w+){0,6} (?:once|when|after|as soon as)",
  "(?:once|when|after) (?:i|we) (?:have|get|see|know|hear|review|receive)",
  // the answer still to come ("Sure, I'll let you know when.", "le aviso", "回头告诉你"); not "I'll let you know if I need anything else"
  "(?:i'?ll|i will) (?:let you know|get back to you)(?=\\s*(?:when|once|later|tomorrow|soon|after|[.!]|$))", "(?:te|le) (?:aviso|confirmo|digo|respondo|contesto) (?:luego|despues|mas tarde|cuando|manana|en un (?:momento|rato|ratito|minuto|segundo))", "(?:te |le )?(?:confirmo|confirmare|dire) cuando",
  // still to ask someone else ("I have to ask my wife", "tengo que preguntarle a mi esposa", "我还得问问我太太"): the answer is not given yet;
  // having asked ("I already talked to my wife", "我问过我太太了") is a story
  "(?:need|have|got|gotta|must|should) to (?:first )?(?:ask|check with|talk to|talk with|speak to|speak with|run (?:it|this|that) by|consult)",
  "(?:let me|i'?ll|i will|i'?d better) (?:first )?(?:ask|check with|talk to|talk with|run (?:it|this|that) by|consult)",
  "(?:(?:tengo|tenemos|hay) que|necesito|necesitamos|debo|debemos) (?:preguntar\\w*|consultar\\w*|hablar\\w* con|comentar\\w*)", "(?:dejeme|deje que|voy a|primero) (?:preguntar\\w*|consultar\\w*)",
  // the user may still travel, said beside a yes to cancel ("I might still go though", "I may still want to go")
  "(?:i|we) (?:might|may|could) still (?:\\w+ ){0,2}?(?:go|travel|fly|need|use|want|make it)",
  // a Chinese answer put off ("我等一下再确认", "稍后再决定", "回头再说"): the CJK list, as whole-word boundaries never hold inside Chinese
], ["(?:之后|以后|稍后|等一下|等一会儿?|等会儿?|一会儿?|过会儿?|过一会儿?|晚点|晚些|回头|明天|到时候)再(?:确认|决定|定|答复|回复|说)", "再确认", "问问", "商量一下", "商量商量", "回头(?:再)?告诉", "到时候(?:再)?告诉", "再告诉(?:你|您)", "(?:得|要|先)(?:跟|和).{1,6}商量"]);

/** Someone else's consent: "my wife says yes", "the rep approved it", "mi esposa dice que sí", "我老公说可以". */
// prettier-ignore
export const THIRD_PARTY = words(
  [
    "(?:my|our) (?:wife|husband|partner|boss|mom|mother|dad|father|son|daughter|friend|assistant|manager|colleague|secretary|family)(?:'s)? (?:says?|said|would say|agreed|agrees|approved|wants|told me|is fine|already)",
    "(?:he|she|they) (?:says?|said) (?:yes|ok|okay|it'?s fine)", "(?:the|your) (?:rep|representative|agent|colleague|supervisor|support)\\w* (?:already )?(?:approved|agreed|said|confirmed|authori[sz]ed)",
    "mi (?:esposa|esposo|marido|mujer|jefe|jefa|madre|padre|amigo|amiga|asistente|pareja) (?:dice|dijo|acepta|aprueba|quiere)",
  ],
  ["我老婆说", "我老公说", "我妻子说", "我丈夫说", "我太太说", "我先生说", "我妈说", "我爸说", "我朋友说", "老板说", "他说", "她说", "他们说"],
);

/** Consent to anything, now or later: "do whatever", "yes to everything", "don't ask me again", "随便". */
// prettier-ignore
export const BLANKET = words(
  [
    "^(?:do )?whatever(?: you (?:want|like|think))?", "do whatever", "whatever you (?:want|like|think|decide)", "(?:do )?(?:anything|everything) you (?:want|like|think|need)", "whatever you think is best", "(?:yes|ok|okay) to (?:all|everything|anything)", "from now on", "every ?time", "in (?:the )?future", "always",
    "(?:no need to|don'?t|do not|never|stop) (?:ask|asking|check with|checking with|confirm with)(?: me)?(?: again| next time| every ?time)?", "lo que (?:quiera|usted quiera|le parezca)", "haga lo que",
  ],
  ["随便", "看着办", "^(?:全部|什么)?都(?:行|可以)", "全部都", "所有的", "一切", "以后都", "不用再问", "别再问", "不必再问"],
);

/** Impatience instead of an answer: "just do it already", "stop asking", "hurry up", "快点". */
// prettier-ignore
export const PRESSURE = words(
  ["^just (?:do it|do that|go ahead|go for it|proceed|get it done|confirm it)", "do it already", "(?:go ahead|proceed) already", "already(?=[.!]|$)", "stop asking", "enough questions", "how many times", "come on", "c'?mon", "hurry up", "i don'?t have (?:all day|time for this)", "hagalo ya", "deje de preguntar", "deja de preguntar"],
  ["快点", "赶紧", "别废话", "少废话", "别再问了", "别问了"],
);

/** Haste ("I'm in a hurry", "I'm late", "tengo prisa"): pressure unless the reply also says yes in so many words. */
// prettier-ignore
// "just do it", "solo hágalo", "直接办吧": impatience, which beside a go-ahead alone (no yes) presses rather than answers
export const HASTE = words(
  ["(?:i'?m|i am|we'?re|we are) (?:in a (?:hurry|rush)|late|running late|pressed for time|short on time)", "hurry", "tengo prisa", "estoy apurad[oa]", "just do (?:it|that)", "solo (?:hagalo|hazlo)"],
  ["我赶时间", "赶时间", "来不及", "直接办"],
);

/** Sarcasm: "yeah right", "oh sure", "why not", "as if" ("I don't see why not" is a yes: `NO_OBJECTION_LATIN`). */
// prettier-ignore
export const SARCASM = words(["^(?:yes|yeah|yep|sure|right|ok|okay|great|oh),? because", "yeah,? right", "sure,? sure", "yeah,? yeah", "oh (?:great|sure|yes|yeah|perfect|wonderful)", "(?<!see )why not", "as if", "it'?s not like", "lol", "lmao", "/s", "como no"], ["🙄", "😒", "😏", "🤡", "🤦", "呵呵", "行行行", "好好好", "是是是", "对对对"]);

/** Text that reports someone saying yes rather than saying it: "told me to say yes", "if I said yes". */
// prettier-ignore
export const REPORTED_YES = words([
  "(?:to )?say \"?(?:yes|go ahead)", "said \"?(?:yes|go ahead)\"", "if i (?:say|said) (?:yes|ok)", "would (?:you|it) \\w+ if i", "would have (?:been|said|agreed)", "(?:would|will|might) say", "^['\"](?:yes|ok|okay|sure|siyes|si)['\"]",
]);

// ── questions and requests ────────────────────────────────────────────────────────────

/** A clause asking something without a question mark: "can you…", "will I…", "¿…", "…吗". */
// prettier-ignore
export const QUESTION_OPENING = opening([
  "can you", "could you", "would you", "will you", "can we", "could we", "is there", "are there", "is it", "is that", "does", "do you", "did", "will i", "would i", "am i", "what", "when", "how", "why", "where", "which", "who", "shall we",
  "cuando", "cuanto",
], [], false);

/**
 * Asking the agent to do the described action: "can you go ahead with it?", "could we proceed now?", "¿me puede hacer la
 * devolución?", "¿podría proceder con el cambio?", "可以帮我退货吗？", "能帮我办理一下吗？".
 */
// prettier-ignore
export const POLITE_GO_AHEAD = new RegExp(
  `^(?:(?:and|so|then|now)[,\\s]+)?(?:can|could|would|will) (?:you|we) (?:please |just |now |kindly )?(?:go ahead|proceed|move forward|process|finali[sz]e|complete|take care of|handle|cancel|book|make|do|modify|change|update|add|issue|upgrade|downgrade|transfer|connect|arrange)${E}` +
    `|^¿?\\s*(?:(?:y|entonces)[,\\s]+)?(?:me |nos )?(?:puede|pueden|podria|podrian)(?: usted)? (?:por favor )?(?:seguir adelante|proceder|continuar|hacer|procesar|tramitar|realizar|completar|gestionar|cancelar|cambiar|reservar|devolver|anadir|agregar|emitir|mejorar)${E}` +
    "|^(?:那)?(?:能|可以|能不能|可不可以|麻烦)(?:您|你)?(?:帮我|帮忙|给我)?(?:办理|处理|操作|继续|取消|退货|退掉|换货|更换|改签|升舱|预订|添加|加上)",
  "iu",
);

/** Asking to be told once it is done: "let me know once it's done", "can you confirm it has been added?". */
// prettier-ignore
export const REPORT_BACK = words([
  "(?:once|when|after|as soon as) (?:it'?s|it is|it has been|that'?s|that is|this is|everything is|everything'?s|the \\w+ (?:is|has been)|you'?ve|you have|it'?s been|they'?re|they are|they'?ve been) (?:all )?(?:done|processed|complete|completed|finali[sz]ed|confirmed|made|through|finished|cancel+ed|updated|booked|issued|added|taken care of|sorted)",
  "(?:has|have) been (?:added|processed|done|cancel+ed|made|completed|updated|issued|booked|finali[sz]ed)", "(?:it'?s|it is|that'?s|everything is) (?:been )?(?:done|processed|complete|finali[sz]ed|set)",
  "(?:let me know|tell me|confirm|notify me|update me) (?:once|when|after|as soon as)",
  // the subject left out ("…the final charges once processed", "…when done", "…una vez procesado", "…处理完后告诉我")
  "(?:once|when|after|as soon as) (?:all |fully )?(?:done|processed|complete|completed|finali[sz]ed|finished|through)", "una vez (?:procesad[oa]s?|hech[oa]s?|complet\\w+|listo|lista)", "(?:i'?ll|i will) wait for (?:your|the) confirmation", "(?:let me know|keep me posted|tell me) (?:once|when) (?:it'?s|it is|that'?s) done",
  "cuando (?:este|quede) (?:hecho|listo|hecha|lista)", "avise(?:me)? cuando",
], ["(?:办好|弄好|处理好|处理完|办完|完成|搞定)(?:了|后|之后|以后)?[，,]?\\s*(?:请|麻烦)?(?:告诉|通知|告知)(?:我|一下)"]);

/**
 * Wanting to be told ("I'd really like to know how much I'm saving", "I'm eager to hear the
 * total"): a wish for information, not a request for another action (unless it asks "if" or
 * "whether", which is a condition).
 */
// prettier-ignore
export const WANTS_TO_KNOW = /(?:(?:i|we)(?:'d| would)? (?:really |also |still |just )?(?:like|love|want|need|wish)|(?:i'?m|i am|we'?re) (?:really |so |very )?(?:eager|anxious|curious|keen|looking forward)) to (?:know|hear|find out|learn|see)(?! (?:if|whether))/iu;

/** Not after a pronoun put before the verb ("la", "lo", "me", "yo"…), unless "no", "que" or "por favor" precedes it: the shape of a past, not a command. */
const SPANISH_PAST_LOOKALIKE = "(?<!(?<![\\p{L}])(?<!(?:no|que|favor) )(?:lo|la|los|las|le|les|me|nos|te|yo) )";

/** A request or wish (directive force): "please…", "I'd like…", "can you…", "let's…", "quiero…", "请…", "我想…". */
// prettier-ignore
export const DIRECTIVE = words(
  [
    "please", "pls", "(?:i|we)(?:'d| would)? (?:still |really |also |just |now |then |definitely |only )?(?:like|love|want|need|wish|prefer)", "(?:i'?m|i am|i was|we'?re|we are) (?:really |just |still )?hoping (?:that )?(?:you|we can|to (?:get|see|have|receive)|for)", "i hope (?:you|we|to)", "(?:i'?d|i would) appreciate (?:it )?if", "it would be (?:great|nice|helpful) if", "i'?d rather", "(?:can|could|would|will) you", "let'?s", "(?:i|we)(?:'ll| will) (?:use|go with|take|pay|choose|stick with|keep|need|want|have)", "should (?:be|go|use)", "needs? to (?:be|go)", "make sure",
    // a wish the reply says was not met, or an expectation of a thing, asks for what it names ("I would have liked a technician to
    // set it up", "I'll expect a voucher for the trouble", "me habría gustado que empezara ya", "espero algún tipo de compensación")
    "(?:i|we)(?:'d| would) have (?:liked|loved|wanted|preferred)", "(?:i|we)(?:'ll| will|'m| am|'re| are)? (?:be )?expect(?:ing)? (?:a|an|some|something)",
    "por favor", "quiero", "quisiera", "queremos", "me gustaria", "necesito", "podria", "puede", "prefiero", "anada",
    "me (?:habria|hubiera) gustado", "(?:habria|hubiera) preferido", "espero (?:un|una|unos|unas|algun|alguna|algo)",
    // the formal command of these verbs is, without its accent, the first person of the past ("cambie" / "cambié"): after a pronoun
    // before it ("la usé una vez", "lo cambié ayer", "yo reservé") it is the past, as a command puts its pronoun after ("cámbielo"),
    // except after "no", "que" or "por favor" ("no la cambie", "que le envíe…")
    `${SPANISH_PAST_LOOKALIKE}(?:use|usen|cargue|agregue|cambie|cancele|reserve|busque|envie)`,
  ],
  ["请", "帮我", "麻烦", "我要", "我想", "我需要", "能不能", "能否", "可不可以", "给我", "用我", "本来想", "本想", "希望(?:能)?(?:有|给|得到|拿到)"],
);

/** A clause beginning with an imperative verb ("add two bags", "use my Visa", "check the other…"). */
// prettier-ignore
export const IMPERATIVE_OPENING = opening([
  "add", "cancel", "book", "change", "check", "send", "make", "use", "apply", "upgrade", "downgrade", "remove", "find", "search", "look", "transfer", "tell", "give", "refund", "put", "charge", "switch", "move", "keep", "rebook", "reserve", "waive", "credit", "split", "pick", "choose", "select", "try", "include",
  "anada", "agregue", "cambie", "cancele", "reserve", "busque", "compruebe", "envie", "use", "cargue", "haga", "ponga", "mantenga", "quite",
]);

// ── courtesy ──────────────────────────────────────────────────────────────────────────

/** Thanks, pleasantries and small talk: "thank you so much", "have a great day", "I can't wait to travel", "gracias", "谢谢". */
// prettier-ignore
export const PLEASANTRY = words(
  [
    "thanks?", "thank you", "thankful", "thx", "ty", "cheers", "(?:i )?(?:really |truly |greatly |so |very much )?appreciate", "grateful", "have a (?:great|good|nice|wonderful|lovely) (?:day|one|afternoon|evening|weekend)", "take care", "bye", "goodbye",
    "(?:you'?ve|you have) been (?:very |so |a |really )?(?:\\w+ )?(?:helpful|great|kind|patient|help)", "looking forward", "look forward", "can'?t wait", "excited", "(?:glad|happy|relieved|thrilled|pleased|delighted) (?:to hear|that|about|with)", "(?:great|good|wonderful) (?:news|to hear)",
    "i understand", "i see", "got it", "makes sense", "fair enough", "understood", "no worries", "sounds like a plan", "you'?re (?:welcome|the best|a lifesaver)", "hi", "hello", "hey",
    // a term of endearment to the agent ("yes, dear", "sí, cariño", "好的亲"): small talk, it names nothing
    "dear", "honey", "hon", "sweetie", "sweetheart", "darling", "carino", "mija", "mijo", "querid[oa]",
    "merci(?: beaucoup| bien| infiniment)?", "s'il (?:vous|te) plait", "je vous remercie",
    "gracias", "muchas gracias", "porfa", "porfis", "porfavor", "le agradezco", "se lo agradezco", "muy amable", "que tenga (?:un )?buen dia", "hasta luego", "adios", "que ganas", "entiendo",
  ],
  ["亲爱的", "亲(?=[，,!！~～。.]|$)", "谢谢", "感谢", "多谢", "非常感谢", "太感谢", "辛苦了", "辛苦您", "麻烦您了", "麻烦你了", "帮了大忙", "祝您[^，。,.!！]*", "祝你[^，。,.!！]*", "期待", "太好了", "明白了", "理解", "按您说的", "按你说的"],
);
