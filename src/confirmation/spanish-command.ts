/**
 * A Spanish command with its pronoun attached, read by the clause-role and own-plans readings.
 * @internal
 */

/**
 * A Spanish command with its pronoun attached, anywhere in a part ("mejor cámbielo al martes", "así que envíela", "hágalo"): the
 * accent that marks it is gone in normal form, so the shape is read on the stems of the verbs of doing (change, cancel, send,
 * put, pay, charge…), then -e/-a/-en/-an and lo/la/los/las, maybe after me/nos/le/se; nouns of such a shape ("regalos") are not
 * verbs of doing.
 */
const SPANISH_COMMAND =
  /(?<![\p{L}])(?:cambi|cancel|reserv|muev|pas|pong|envi|mand|devuelv|agreg|anad|hag|proces|emit|dej|quit|elimin|compr|pag|carg|cobr|reembols|actualic|modifiqu|traslad|adelant|retras|dig|confirm|aplic|us|utilic|bor|sac|met|guard|manteng|reserv)(?:e|a|en|an)(?:me|nos|le|les|se)?(?:lo|la|los|las)(?![\p{L}])/giu;
/** Whether a part (normal form) holds a Spanish command with its pronoun attached. @internal */
export function spanishCommand(text: string): boolean {
  SPANISH_COMMAND.lastIndex = 0;
  return SPANISH_COMMAND.test(text);
}
