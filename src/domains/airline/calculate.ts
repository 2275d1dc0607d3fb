/**
 * tau2's `calculate(expression)`: only digits, `+ - * / ( ) .` and spaces; evaluated as Python
 * would (`**` is a power, `//` floor division, true division otherwise), rounded to 2 decimals
 * and returned as Python's `str(float)` (so `2 + 2` gives `"4.0"`).
 */

import { ConcordatError } from "../../errors/concordat-error.js";

const ALLOWED = /^[0-9+\-*/(). ]*$/;

/** An expression the airline `calculate` tool cannot evaluate (code `invalid_expression`; messages as tau2's Python gives them). */
export class CalculateError extends ConcordatError<"invalid_expression"> {
  constructor(message: string) {
    super("invalid_expression", message);
    this.name = "CalculateError";
  }
}

type Token = { kind: "num"; value: number } | { kind: "op"; value: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expression.length) {
    const c = expression[i]!;
    if (c === " ") {
      i++;
      continue;
    }
    if ((c >= "0" && c <= "9") || c === ".") {
      let j = i;
      while (j < expression.length && /[0-9.]/.test(expression[j]!)) j++;
      const text = expression.slice(i, j);
      if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) throw new CalculateError("invalid syntax");
      tokens.push({ kind: "num", value: Number(text) });
      i = j;
      continue;
    }
    if ((c === "*" || c === "/") && expression[i + 1] === c) {
      tokens.push({ kind: "op", value: c + c });
      i += 2;
      continue;
    }
    tokens.push({ kind: "op", value: c });
    i++;
  }
  return tokens;
}

/** Python grammar subset: expr := term (('+'|'-') term)*; term := factor (('*'|'/'|'//') factor)*; factor := ('+'|'-') factor | power; power := atom ('**' factor)? */
function evaluate(tokens: Token[]): number {
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => {
    const t = peek();
    return t !== undefined && t.kind === "op" && t.value === v;
  };
  const expr = (): number => {
    let v = term();
    while (isOp("+") || isOp("-")) {
      const op = (tokens[pos++] as { value: string }).value;
      const r = term();
      v = op === "+" ? v + r : v - r;
    }
    return v;
  };
  const term = (): number => {
    let v = factor();
    while (isOp("*") || isOp("/") || isOp("//")) {
      const op = (tokens[pos++] as { value: string }).value;
      const r = factor();
      if (op === "*") v = v * r;
      else {
        if (r === 0) throw new CalculateError(op === "//" ? "integer division or modulo by zero" : "division by zero");
        v = op === "/" ? v / r : Math.floor(v / r);
      }
    }
    return v;
  };
  const factor = (): number => {
    if (isOp("+")) {
      pos++;
      return factor();
    }
    if (isOp("-")) {
      pos++;
      return -factor();
    }
    return power();
  };
  const power = (): number => {
    const base = atom();
    if (isOp("**")) {
      pos++;
      const exp = factor();
      if (base === 0 && exp < 0) throw new CalculateError("0.0 cannot be raised to a negative power");
      return base ** exp;
    }
    return base;
  };
  const atom = (): number => {
    const t = tokens[pos];
    if (t === undefined) throw new CalculateError("invalid syntax");
    if (t.kind === "num") {
      pos++;
      return t.value;
    }
    if (t.value === "(") {
      pos++;
      const v = expr();
      if (!isOp(")")) throw new CalculateError("'(' was never closed");
      pos++;
      return v;
    }
    throw new CalculateError("invalid syntax");
  };
  const v = expr();
  if (pos !== tokens.length) throw new CalculateError(isOp(")") ? "unmatched ')'" : "invalid syntax");
  return v;
}

/** Python's round(x, 2): correctly rounded from the exact binary value, exact halves to even. */
function roundTo2(x: number): number {
  const abs = Math.abs(x);
  if (!Number.isFinite(x) || abs >= 2 ** 52) return x; // at and above 2^52 every double is a whole number
  const sign = x < 0 || Object.is(x, -0) ? -1 : 1;
  // toFixed rounds the exact value (half away from zero); only an exact half needs the even rule
  let r = Number(abs.toFixed(2));
  const [whole, frac = ""] = abs.toFixed(100).split(".");
  if (/^50*$/.test(frac.slice(2)) && Number(frac[1]) % 2 === 0) r = Number(`${whole}.${frac.slice(0, 2)}`);
  return sign * r;
}

/** Python's repr of a float. */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const abs = Math.abs(x);
  if (abs >= 1e16 || abs < 1e-4) {
    const [mantissa, exponent] = x.toExponential().split("e") as [string, string];
    const sign = exponent.startsWith("-") ? "-" : "+";
    const digits = exponent.replace(/^[+-]/, "").padStart(2, "0");
    return `${mantissa}e${sign}${digits}`;
  }
  const s = String(x);
  return s.includes(".") ? s : `${s}.0`;
}

export function calculate(expression: string): string {
  if (!ALLOWED.test(expression)) throw new CalculateError("Invalid characters in expression");
  const value = evaluate(tokenize(expression));
  return pythonFloatRepr(roundTo2(value));
}
