/**
 * "The whole order", "everything", "todo el pedido", "整个订单" said to a request that acts on part and
 * keeps the rest ("I'll cancel the coffee filters; the drip coffee maker stays in the order", "el resto se
 * queda", "其余商品保留"): the reply asks for more than was described (the kept part too).
 * @internal
 */

/**
 * Acting on the whole of something: "cancel the whole/entire order", "cancel everything", "return it all",
 * "cancele todo el pedido", "整个订单都取消" (an action verb with the word for the whole; "everything looks good" is not).
 */
const WHOLE =
  /(?<![\p{L}])(?:cancel|return|refund|remove|drop|delete|cancel[ae]|anul[ae]|devuelv[ae]|devolver|quit[ae])\w*\s+(?:[\p{L}']+\s+){0,2}?(?:(?:the |my )?(?:whole|entire|full|complete) (?:order|reservation|booking|trip|thing|lot)|everything|it all|all of (?:it|them)|all (?:the |of the |my )?(?:items|products|bags|flights|passengers)|(?:el )?pedido (?:entero|completo)|todo(?: el pedido| la reserva| el viaje)?|todos los (?:articulos|productos))(?![\p{L}])|(?:整个|全部|所有)[^，。,.!?！？]{0,8}(?:都)?(?:取消|退)|(?:都|全)(?:取消|退)/iu;

/** The request keeps part of what it acts on: "… stays in the order", "the rest will remain", "se queda", "其余…保留". */
const KEEPS_PART =
  /(?<![\p{L}])(?:stays?|remains?|will (?:stay|remain)|(?:is|are) kept|keep(?:ing)? the (?:rest|other)|the rest of|other items? (?:will )?(?:stay|remain)|se (?:queda|quedan|mantiene|mantienen)|permanece\w*|el resto)(?![\p{L}])|其余|其他商品|保留|留在/iu;

/**
 * The reply's word for the whole, when the request acts on part and says it keeps the rest; undefined otherwise.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function wholeOfPart(reply: string, request: string): string | undefined {
  if (!KEEPS_PART.test(request)) return undefined;
  return WHOLE.exec(reply)?.[0];
}
