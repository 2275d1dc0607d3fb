/**
 * The same thing named in English, Spanish and Chinese: a reply may restate the request in another
 * of the three languages, or mix them ("两段都 upgrade 到 business" to a Chinese request that says
 * 升级, "la tarjeta de regalo" to a request that names `gift_card_6613027`). A closed list of the
 * actions and things of the airline and retail requests (not their values: cabins, dates, amounts,
 * colours and materials are compared as values, `reply-values.ts` and `option-words.ts`). When the
 * request names one of a group in any language, the group's words in the other languages are the
 * request's words too (`requestVocabulary`).
 * @internal
 */

/** One concept: its English and Spanish words (normal form), its Chinese words. */
export interface Concept {
  readonly words: readonly string[];
  readonly zh: readonly string[];
}

export const CONCEPT_GLOSSARY: readonly Concept[] = [
  { words: ["upgrade", "upgrading", "mejorar", "subir"], zh: ["升级", "升舱"] },
  { words: ["downgrade", "downgrading", "bajar"], zh: ["降级", "降舱"] },
  { words: ["cancel", "cancellation", "cancelar", "cancelacion", "anular"], zh: ["取消"] },
  { words: ["change", "cambiar", "cambio"], zh: ["改签", "更改", "修改"] },
  { words: ["bag", "bags", "luggage", "baggage", "maleta", "maletas", "equipaje"], zh: ["行李"] },
  { words: ["flight", "flights", "vuelo", "vuelos"], zh: ["航班"] },
  { words: ["passenger", "passengers", "pasajero", "pasajeros"], zh: ["乘客"] },
  // money or a certificate is sent where it goes ("退款打到我卡上", "到账", "发给我"; the English and Spanish verbs: content-words.ts)
  { words: ["refund", "reembolso", "reembolsar"], zh: ["退款", "打款", "到账"] },
  // a ticket is what a passenger holds of the reservation ("upgrade my ticket", "mi boleto", "机票")
  { words: ["reservation", "booking", "reserva", "ticket", "boleto", "billete"], zh: ["预订", "机票"] },
  { words: ["insurance", "seguro"], zh: ["保险"] },
  { words: ["gift", "card", "tarjeta", "regalo"], zh: ["礼品卡"] },
  { words: ["credit", "card", "tarjeta", "credito"], zh: ["信用卡"] },
  { words: ["certificate", "voucher", "certificado"], zh: ["代金券", "旅行券", "发给"] },
  { words: ["order", "pedido"], zh: ["订单"] },
  { words: ["return", "devolucion", "devolver"], zh: ["退货"] },
  { words: ["exchange", "cambio"], zh: ["换货"] },
  { words: ["address", "direccion"], zh: ["地址"] },
  { words: ["account", "cuenta"], zh: ["账户"] },
  { words: ["seat", "asiento"], zh: ["座位"] },
];
