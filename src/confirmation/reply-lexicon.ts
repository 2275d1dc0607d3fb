/**
 * The vocabulary of the rule-based confirmation decider (English and Chinese).
 *
 * The decider is an allowlist: a reply confirms only when every word of it is in this
 * lexicon as an affirmative, a courtesy filler, a reference to the pending action ("it",
 * "the refund") or the action's own verb. Any other word — a condition, an amount, a name,
 * a third party, an emoji outside the few listed — leaves the reply `unclear`. Denials,
 * hedges and questions are listed so that the verdict can say which of them fired.
 */

export type LexiconCategory =
  /** An affirmative on its own: "yes", "go ahead", "好的". */
  | "affirm"
  /** Courtesy and glue that neither affirms nor changes anything: "please", "thanks", "请". */
  | "filler"
  /** A reference to the pending action as a whole: "it", "the refund", "这笔订单". */
  | "object"
  /** An action verb ("refund", "退款"); it must be the pending action's own verb. */
  | "verb"
  /** A refusal or a request to stop: "no", "don't", "wait", "不要", "算了". */
  | "deny"
  /** Hesitation, hedging, sarcasm, blanket consent: "not sure", "maybe", "yeah right", "随便". */
  | "hedge"
  /** A question mark or particle. */
  | "question";

export interface LexiconEntry {
  readonly category: LexiconCategory;
  /** Regex source (lower-case, after normalization). */
  readonly pattern: string;
  /** For verbs: the canonical action ("cancel", "refund"…); for hedges: the kind. */
  readonly tag?: string;
}

const e = (category: LexiconCategory, tag: string | undefined, ...patterns: string[]): LexiconEntry[] =>
  patterns.map((pattern) => ({ category, pattern, ...(tag ? { tag } : {}) }));

/** Verbs by canonical action. A verb in a reply must be one of the request's verbs. */
// prettier-ignore
export const ACTION_VERBS: Readonly<Record<string, readonly string[]>> = {
  cancel: ["cancel", "取消"],
  refund: ["refund", "退款", "退钱", "退"],
  book: ["book", "rebook", "订"],
  change: ["change", "modify", "update", "改签", "修改", "更改", "改"],
  pay: ["pay", "charge", "支付", "付款", "扣款", "付"],
  transfer: ["transfer", "转账", "转"],
  delete: ["delete", "remove", "删除", "删"],
  send: ["send", "发送", "发"],
  upgrade: ["upgrade", "升级"],
  exchange: ["exchange", "swap", "换货", "换"],
  buy: ["buy", "purchase", "购买", "买"],
  submit: ["submit", "提交"],
};

/** Verbs that are also a refusal on their own ("cancel that"). They count as the action only next to an affirmative. */
// prettier-ignore
export const DENIAL_VERBS: ReadonlySet<string> = new Set(["cancel"]);

/** Words in a request (or a tool name) that name each canonical action. */
// prettier-ignore
export const REQUEST_VERB_PATTERNS: Readonly<Record<string, string>> = {
  cancel: "\\bcancel(?:s|led|ling|lation)?\\b|取消",
  refund: "\\brefund(?:s|ed|ing)?\\b|退款|退钱|退还|退",
  book: "\\b(?:re)?book(?:s|ed)?\\b|订票|订一张|帮我订",
  change: "\\b(?:change|modify|update)(?:s|d|ed)?\\b|改签|修改|更改|变更",
  pay: "\\b(?:pay|charge)(?:s|d|ed|ment)?\\b|支付|付款|扣款",
  transfer: "\\btransfer(?:s|red|ring)?\\b|转账",
  delete: "\\b(?:delete|remove)(?:s|d)?\\b|删除",
  send: "\\bsend(?:s)?\\b|\\bsent\\b|发送",
  upgrade: "\\bupgrade(?:s|d)?\\b|升级",
  exchange: "\\b(?:exchange|swap)(?:s|d|ped)?\\b|换货|换成|更换",
  buy: "\\b(?:buy|purchase)(?:s|d)?\\b|购买",
  submit: "\\bsubmit(?:s|ted)?\\b|提交",
};

const yes = "y(?:e+[sz]+h?|es+s|es+|e+a+s|eah+|e+a+h*|e+p+|u+p+|a+s+|a+h?|se|s|e)";

// prettier-ignore
export const LEXICON: readonly LexiconEntry[] = [
  // ── English affirmatives ──────────────────────────────────────────────────────────
  ...e("affirm", undefined,
    yes, "y", "aye", "affirmative", "yes sir", "yes ma'am", "yes indeed", "yes of course",
    "sure", "sure thing", "for sure", "surely",
    "o+k+(?:a+y+)?", "okey", "okie", "oki", "okie dokie", "okey dokey", "k+", "kay", "alright", "all right", "aight",
    "fine", "fine by me", "fine with me", "that'?s fine", "that is fine", "(?:ok|okay) (?:by|with) me", "that'?s ok(?:ay)?",
    "confirm(?:ed)?", "i confirm", "confirm(?:ed)? it", "i do", "i agree", "agreed?", "i approve", "approved?", "i consent", "consent given",
    "go ahead", "go on", "go for it", "go right ahead", "do it", "do so", "please do", "proceed", "please proceed", "you may proceed", "you can proceed", "you can go ahead", "let'?s do it", "let'?s go", "make it so",
    "sounds (?:good|great|right|fine|perfect)", "looks (?:good|right|fine)", "lgtm",
    "that'?s (?:right|correct|perfect|great|good)", "that is (?:right|correct)", "correct", "right on", "exactly", "indeed",
    "absolutely", "definitely", "certainly", "of course", "ofc", "by all means", "totally",
    "perfect", "great", "excellent", "good", "cool", "awesome", "wonderful",
    "that works", "works for me", "i'?m sure", "i am sure", "i'?m certain", "that'?s what i want", "yes please", "please yes",
    "you bet",
    // a generic "do it" verb: only with "it"/"that" or before an object (an action noun must match the request)
    "(?:process|issue) (?:it|that|this)", "(?:process|issue)(?= (?:the|my|this|that|our) )",
    "let'?s proceed", "let'?s go ahead", "please process(?: it| that)?", "process it", "go ahead and process(?: it)?",
    "you have my (?:permission|approval|consent)", "permission granted", "approved by me", "roger", "no problem", "no worries", "not a problem",
    "thumbs up",
  ),
  // a pictograph affirms only beside words that do: alone, "👍" is as often "seen" / "got it" (and a
  // one-tap reaction) as a yes, so on its own it is `unclear` (the decider's "pictograph_only" rule)
  ...e("affirm", "pictograph", "👍+", "✅", "👌", "✔", "☑", "🆗"),
  // ── English fillers ───────────────────────────────────────────────────────────────
  ...e("filler", undefined,
    "please", "pls", "plz", "plse", "thanks?", "thank you", "thank u", "thx", "ty", "thanks a lot", "thank you (?:so|very) much", "many thanks", "cheers", "🙏", "🙂", "😊", "😀",
    "just", "now", "right now", "right away", "asap", "then", "and",
    "i said", "i already said", "hi", "hey", "hello",
    "with", "for me", "as (?:described|proposed|planned|stated|discussed|you said)",
    "you can", "you may", "i want", "i want to", "i'?d like", "i'?d like to", "i would like", "i would like to", "i'?m happy", "happy to",
    "sir", "ma'am", "me",
  ),
  ...e("object", undefined, "\u2063arg\u2063", "it", "that", "this", "(?:the|my|this|that|our) (?:booking|reservation|order|action|request|operation|transaction)"),
  // a noun that names an action refers to the pending action only when the request names that action
  // (the decider's "other_action" rule): "go ahead with the upgrade" to a refund request is not a yes
  ...Object.entries({ refund: "refund", cancel: "cancellation", pay: "payment", transfer: "transfer", change: "changes?", upgrade: "upgrade", exchange: "exchange", buy: "purchase" })
    .flatMap(([action, noun]) => e("object", `action:${action}`, `(?:the|my|this|that|our) ${noun}`)),
  // "both": all of the pending actions, and only when the request itself offers two ("…go ahead with both?")
  ...e("object", "both", "both", "(?:to|with) both", "both of them", "两项都", "两件都", "两个都"),
  // ── English refusals, hedges and questions ────────────────────────────────────────
  ...e("deny", undefined,
    "no+", "nope", "nah", "nay", "n", "nn+", "not", "not (?:now|yet|today)", "no thanks?", "no thank you", "don'?t", "do not", "dont", "doesn'?t", "never", "won'?t", "can'?t", "shouldn'?t",
    "stop", "wait", "hold on", "hold off", "hang on", "halt", "abort", "refuse", "i refuse", "decline", "i decline", "deny", "reject", "negative",
    "never ?mind", "forget it", "forget about it", "scratch that", "changed my mind", "i'?ve changed my mind", "(?:i'?d )?rather not", "not anymore",
    "no need", "no need to", "there'?s no need(?: to)?", "(?:you )?(?:don'?t|do not) need to", "no way", "not needed", "i don'?t think so",
    "cancel",
  ),
  ...e("hedge", "hesitation",
    "not sure", "i'?m not sure", "unsure", "not certain", "i don'?t know", "don'?t know", "dunno", "idk", "no idea", "maybe", "perhaps", "i guess", "i suppose", "probably", "possibly", "might", "let me think", "need to think", "think about it",
    "please confirm", "can you confirm", "y not", "h+m+", "u+h+m*", "u+m+", "e+r+m*", "well", "kind of", "kinda", "sort of", "i think", "i think so", "in a (?:minute|moment|bit)", "later",
    "\\.\\.+", "…+",
    "(?:i )?wouldn'?t say no", "(?:i )?(?:wouldn'?t|don'?t) mind", "(?:it )?wouldn'?t hurt", "(?:i )?can'?t (?:really )?say no", "not (?:that )?i don'?t", "don'?t not", "not not", "wouldn'?t not", "(?:i'?m |i am )?not saying (?:no|yes)",
    "也不是不", "不是不", "没有不", "不能不",
  ),
  ...e("hedge", "sarcasm", "yeah,? right", "sure,? sure", "yeah,? yeah", "just (?:great|perfect|wonderful|fantastic)", "oh (?:great|sure|yes|yeah|perfect|wonderful)", "why not", "as if", "lol", "lmao", "/s", "🙄", "😒", "😂", "🤣", "😏", "🤡", "🤦"),
  ...e("hedge", "blanket",
    "(?:(?:there'?s )?no need to |(?:you )?(?:don'?t|do not|never) (?:need to )?|stop )(?:ask|asking|check with|checking with|confirm with)(?: me)?(?: again| next time| every ?time| in (?:the )?future)?",
    "(?:都)?不用(?:再)?(?:问|确认)(?:我)?", "别再问(?:我)?", "不必(?:再)?(?:问|确认)(?:我)?",
  ),
  ...e("hedge", "blanket", "whatever", "(?:do )?(?:whatever|anything|everything) you (?:want|like|think|need)", "everything", "anything", "all of (?:it|them)", "always", "from now on", "every ?time", "in (?:the )?future", "(?:yes|ok|okay) to (?:all|everything)"),
  // pressure instead of consent: impatience does not name or affirm the action, so the agent must get an explicit yes
  ...e("hedge", "pressure",
    "just (?:do it|do that|go ahead|go for it|proceed|get it done|confirm it)", "(?:do it|go ahead|proceed) already", "already", "get it done",
    "hurry", "hurry up", "(?:i'?m )?in a hurry", "(?:i )?don'?t have (?:all day|time for this)", "come on", "c'?mon", "how many times", "stop asking", "enough questions",
  ),
  ...e("hedge", "third_party", "my (?:wife|husband|partner|boss|mom|mother|dad|father|son|daughter|friend|assistant|manager|colleague)", "(?:he|she|they) (?:says?|said)", "says yes"),
  ...e("question", undefined, "\\?+", "吗", "么", "呢", "嘛"),

  // ── Chinese affirmatives ──────────────────────────────────────────────────────────
  ...e("affirm", undefined,
    "是", "是的", "是啊", "是呀", "对", "对的", "对啊", "对呀", "没错", "正确", "好", "好的", "好啊", "好呀", "好吧", "好嘞", "好滴", "好得", "行", "行的", "行吧", "可以", "可以的", "没问题",
    "确认", "确定", "同意", "我同意", "当然", "当然可以", "当然好", "继续", "请继续", "执行", "执行吧", "办吧", "办理", "去办", "照办", "就这么办", "就这样办", "就这样吧", "那就这样", "就这样", "要的", "批准", "准了", "做吧", "去做吧", "弄吧", "搞吧", "嗯好", "好的呢",
  ),
  ...e("filler", undefined, "请", "请你", "请您", "谢谢", "谢谢你", "谢谢您", "多谢", "感谢", "麻烦", "麻烦你", "麻烦您", "麻烦了", "辛苦了", "了", "吧", "啊", "呀", "哈", "的", "嗯", "恩", "哒", "滴", "啦", "还是", "我", "帮我", "给我", "就", "直接", "现在", "马上", "立刻", "立即"),
  ...e("object", undefined, "它", "这个", "这笔", "这笔退款", "这个订单", "订单", "这个预订", "预订", "预定", "这个操作", "操作"),
  ...e("deny", undefined, "不", "别", "没", "否", "甭", "勿", "莫", "不要", "不用", "不行", "不可以", "不同意", "不是", "不对", "取消", "等等", "等一下", "等下", "停", "停下", "算了", "拒绝", "先不", "暂时不", "撤回", "不了", "改主意", "变卦"),
  ...e("hedge", "hesitation", "不确定", "不知道", "不好说", "说不好", "不太", "再想想", "想想", "想一想", "考虑", "考虑一下", "也许", "可能", "大概", "或许", "应该", "应该吧", "再说", "回头", "晚点", "稍后"),
  ...e("hedge", "hesitation", "不过", "但是", "但", "只是", "只要", "如果", "要是", "除非"),
  ...e("hedge", "sarcasm", "何乐而不为", "呵呵", "行行行+", "好好好+", "是是是+", "对对对+", "随你", "行了", "对了", "可是", "确认一下"),
  ...e("hedge", "pressure", "快点", "快", "赶紧", "赶快", "快办", "别废话", "少废话", "赶时间", "别问了", "催"),
  ...e("hedge", "blanket", "随便", "看着办", "都行", "都可以", "全部", "所有", "以后", "以后都", "任何"),
  ...e("hedge", "third_party", "我老婆", "我老公", "我妻子", "我丈夫", "我太太", "我先生", "我爸", "我妈", "我朋友", "老板", "他说", "她说", "他们说"),

  // ── action verbs (both languages) ─────────────────────────────────────────────────
  ...Object.entries(ACTION_VERBS).flatMap(([tag, words]) => words.map((w) => ({ category: "verb" as const, pattern: w, tag }))),
];

/** Refusal words that negate the affirmative next to them ("don't do it", "absolutely not", "不好"). */
// prettier-ignore
export const NEGATORS: ReadonlySet<string> = new Set(["not", "don't", "dont", "do not", "never", "no need to", "there's no need to", "theres no need to", "don't need to", "dont need to", "do not need to", "you don't need to", "you dont need to", "you do not need to", "不", "别", "没", "不用", "不要"]);

/**
 * Refusal words that are grammatical negators: right before a word the lexicon does not know
 * ("no rush", "don't forget the receipt", "不要告诉我妈"), they negate that, not the action. In a
 * reply that also agrees, such a negation is extra content (`unclear`), not a refusal.
 */
// prettier-ignore
export const SCOPED_NEGATORS: ReadonlySet<string> = new Set([...NEGATORS, "no", "doesn't", "doesnt", "won't", "wont", "can't", "cant", "shouldn't", "shouldnt", "no need", "没有"]);

/**
 * Affirmative words (5+ letters) whose common typos still count: one adjacent transposition
 * ("confrim"), one dropped letter ("procede") or one doubled letter ("pleasee"). No
 * substitutions, so "conform" is not "confirm".
 */
// prettier-ignore
export const TYPO_TOLERANT_WORDS: readonly string[] = ["ahead", "please", "proceed", "confirm", "confirmed", "absolutely", "definitely", "certainly", "alright", "okay"];

/** Text that pretends to be a system/assistant message or a recorded confirmation. Never a user's yes. */
// prettier-ignore
export const INJECTION_PATTERNS: readonly RegExp[] = [
  /\b(?:system|assistant|developer|tool|function|admin|administrator)\s*(?:message|note|notice|prompt)?\s*[:：>\]]/i,
  /\[\s*(?:system|assistant|inst|admin|tool)\b/i,
  // a bracketed status posing as a recorded outcome: "[confirmed] yes", "(approved)", "【已确认】", "[confirmado]"
  /[[(【]\s*(?:confirmed|approved|authori[sz]ed|granted|consent(?:ed)?|verified|confirmad[oa]|aprobad[oa]|autorizad[oa])\s*[\])】]/i,
  /【\s*(?:已)?(?:确认|同意|批准)\s*】/,
  /<\s*\/?\s*(?:system|assistant|tool|developer|user|im_start|im_end)\b/i,
  /<\|/,
  /#{2,}\s*(?:system|instruction)/i,
  /\b(?:the\s+)?user\s+(?:has\s+|had\s+)?(?:already\s+)?(?:confirmed|approved|agreed|consented|authori[sz]ed)\b/i,
  /\b(?:confirmation|consent|authori[sz]ation|approval)\s*(?:status)?\s*(?:=|:|is)\s*(?:granted|true|yes|confirmed|given|approved)\b/i,
  /["']?\s*(?:decision|confirmed|approved)\s*["']?\s*:\s*["']?(?:confirmed|true|yes)/i,
  /\bignore\s+(?:all\s+|the\s+|any\s+)?(?:previous|prior|above|earlier)/i,
  /\b(?:override|sudo|jailbreak)\b/i,
  /系统\s*(?:消息|提示|通知)?\s*[:：]/,
  /用户(?:已|已经)?(?:确认|同意|授权)/,
  /(?:已|已经)(?:授权|确认)/,
  /忽略(?:之前|以上|前面|上面)/,
  /管理员/,
];

/** Phrases that ask the user to say yes or no; removed before looking for a choice in a request. */
// prettier-ignore
export const YES_NO_PROMPT = /\(?\b(?:yes|y)\s*(?:\/|or)\s*(?:no|n)\b\)?|\bconfirm\s+or\s+(?:cancel|decline|deny)\b|是否|是或否|确认或取消|\(?[是好]\s*\/\s*[否不]\)?/gi;

/** A request that offers a choice ("a refund or a voucher?"): a bare "yes" does not say which. */
// prettier-ignore
export const CHOICE_PATTERN = /\bor\b|还是|或者|或是/i;
