/**
 * Cardinal number words (English one to twelve, "single", Spanish uno to diez) and their values:
 * what both the reply reader (`reply-values.ts`) and the request-detail reader
 * (`described-values.ts`) count with. Each adds the words only it reads ("a", "both", Chinese
 * numerals in a request's counts).
 * @internal
 */
export const CARDINAL_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  single: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};
