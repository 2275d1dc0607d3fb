/**
 * The one replying says the account, booking, line or card the action is on is someone else's: "it's actually my dad's account",
 * "the account's in my mum's name", "it's my boss's booking really", "la cuenta está a nombre de mi madre", "la reserva es de mi
 * jefe", "这是我爸的账户", "账户是我妈的名字", "我不是户主". The yes is then not the holder's, however sure the user is that the
 * holder would agree ("she won't mind", "I'll let him know"): whose consent it is was not settled.
 *
 * Only a statement of whose the thing is (a copula, "in … name", "belongs to", "not the holder"), not an instruction that names
 * someone's thing ("cancel my son's ticket" is the user acting for a traveller); and not where the request itself names that person
 * (a request about "your mother's reservation" already put her booking to the user). EN, ZH, ES; read on text in `normalizeText` form.
 * @internal
 */

/** A person close to the user, as English and Spanish write them after "my" / "mi". */
const REL_LATIN =
  "(?:(?:late|former|ex-?|difunt[oa]) ?)?(?:mom|mum|mother|dad|father|parents|wife|husband|partner|spouse|son|daughter|brother|sister|boss|manager|friend|grandma|grandmother|grandpa|grandfather|aunt|uncle|colleague|roommate|company|employer|madre|padre|mama|papa|padres|mujer|esposa|esposo|marido|pareja|hij[oa]|herman[oa]|jef[ea]|amig[oa]|abuel[oa]|ti[oa]|suegr[oa]|empresa|compa(?:n|ñ)er[oa])";
/** What an action is on: an account, a booking, a line, a card, a plan, an order. */
const THING_EN = "(?:account|booking|reservation|line|number|card|plan|order|ticket|trip|subscription|policy)";
const THING_ES = "(?:cuenta|reserva|linea|numero|tarjeta|tarifa|pedido|billete|vuelo|contrato|poliza)";
const REL_ZH =
  "(?:前夫|前妻|已故的?(?:父亲|母亲)|爸爸|妈妈|爸|妈|父亲|母亲|老婆|老公|妻子|丈夫|太太|先生|儿子|女儿|哥哥|姐姐|弟弟|妹妹|老板|领导|朋友|爷爷|奶奶|外公|外婆|公公|婆婆|同事|公司)";
const THING_ZH = "(?:账户|账号|户头|预订|订单|号码|号|卡|套餐|机票|航班|保单|名字|名下)";

const STATEMENTS: readonly RegExp[] = [
  // "it's (actually) my dad's account", "this is my boss's booking", "the account is my mum's"
  new RegExp(
    `(?<![\\p{L}])(?:it'?s|it is|this is|that'?s|that is|(?:the|this|that) ${THING_EN}(?:'s| is))\\s+(?:(?:actually|really|technically|in fact|all)\\s+)?(?:my|our) ${REL_LATIN}'s(?:\\s+(?:${THING_EN}|one))?(?![\\p{L}])`,
    "u",
  ),
  // "in my mum's name", "under my husband's name", "belongs to my father", "registered to my company"
  new RegExp(`(?<![\\p{L}])(?:(?:in|under) (?:my|our) ${REL_LATIN}'s name|(?:belongs|registered) to (?:my|our) ${REL_LATIN})(?![\\p{L}])`, "u"),
  // "I'm not the account holder", "I'm not the owner of the line"
  new RegExp(`(?<![\\p{L}])(?:i'?m|i am) not the (?:account ?holder|(?:card ?|line |policy )?holder|owner|primary (?:account ?)?holder)(?![\\p{L}])`, "u"),
  // "la cuenta es de mi padre", "la reserva es de mi jefe", "está a nombre de mi madre", "no soy el titular"
  new RegExp(
    `(?<![\\p{L}])${THING_ES}(?:\\s+[\\p{L}]+){0,3}\\s+(?:es|son|esta|estan|era|eran|estaba|fue)\\s+(?:de|a nombre de)\\s+mi ${REL_LATIN}(?![\\p{L}])`,
    "u",
  ),
  new RegExp(`(?<![\\p{L}])a nombre de mi ${REL_LATIN}(?![\\p{L}])|(?<![\\p{L}])no soy (?:el|la) titular(?![\\p{L}])`, "u"),
  // "这是我爸的账户", "账户是我妈的名字", "在我老公名下", "我不是户主"
  new RegExp(
    `是我${REL_ZH}的${THING_ZH}|${THING_ZH}[^，。,.;；!！?？]{0,6}是我${REL_ZH}的(?![\\p{Script=Han}])|在我${REL_ZH}(?:的)?名下|(?:户主|机主|持卡人|账户持有人)是我${REL_ZH}|我不是(?:户主|机主|持卡人|账户持有人)`,
    "u",
  ),
];

/**
 * The words of the reply that say the action's thing is someone else's, or `undefined` (also where the request names that
 * person itself).
 *
 * @example
 * ```ts
 * otherHolder("yes, go ahead. it's actually my dad's account.", "i'll send $1,250 from your checking account…"); // "it's actually my dad's account"
 * otherHolder("yes, cancel my son's ticket.", "i'll cancel your son's ticket…"); // undefined
 * ```
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function otherHolder(reply: string, request: string): string | undefined {
  for (const re of STATEMENTS) {
    const m = re.exec(reply);
    if (m === null) continue;
    const person = new RegExp(`(?<![\\p{L}])${REL_LATIN}(?![\\p{L}])|${REL_ZH}`, "u").exec(m[0]);
    if (person !== null && request.includes(person[0])) continue;
    return m[0];
  }
  return undefined;
}
