/*
 * The expression language of computed values (README "Computed values"): numbers, texts,
 * booleans, names, `+ - * /`, comparisons, `and`/`or`/`not`, `if … then … else …` and three
 * fixed functions (`points`, `band`, `default`). Hand-written so it stays this small: there is no
 * member access, no other call and nothing is ever evaluated as code. Every node keeps its offsets
 * in the text, so a diagnostic points at the exact name or operator.
 */

export type BinaryOp = '+' | '-' | '*' | '/' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'and' | 'or';

/** The functions an expression may call: nothing else is callable. */
export const FUNCTIONS = ['points', 'band', 'default'] as const;
export type FunctionName = (typeof FUNCTIONS)[number];

/** How many arguments each function takes. */
export const ARITY: Record<FunctionName, number> = { points: 1, band: 1, default: 2 };

/**
 * What a name reads, set by the resolver (resolveExpression): an answer, a number field's answer
 * (decimal text read as a number), a hidden value or a computed value. Absent: an unknown name.
 */
export type NameSource = 'answer' | 'number' | 'hidden' | 'computed';

/** Offsets in the expression's text: the node spans `at` (included) to `to` (excluded). */
interface Span {
  at: number;
  to: number;
}

/** A parsed expression: plain data (the resolved flow carries it; the browser never parses). */
export type Expr =
  | ({ k: 'num'; v: number } & Span)
  | ({ k: 'text'; v: string } & Span)
  | ({ k: 'bool'; v: boolean } & Span)
  | ({ k: 'name'; name: string; reads?: NameSource } & Span)
  | ({ k: 'call'; fn: FunctionName; args: Expr[] } & Span)
  | ({ k: 'neg' | 'not'; arg: Expr } & Span)
  | ({ k: 'bin'; op: BinaryOp; opAt: number; left: Expr; right: Expr } & Span)
  | ({ k: 'if'; cond: Expr; then: Expr; else: Expr } & Span);

export interface ExpressionError {
  message: string;
  /** Offset of the offending token (the text's length at its end). */
  at: number;
}

type Token =
  | { t: 'num'; v: number; at: number; to: number }
  | { t: 'text'; v: string; at: number; to: number }
  | { t: 'word'; v: string; at: number; to: number }
  | { t: 'op'; v: string; at: number; to: number }
  | { t: 'end'; v: ''; at: number; to: number };

const KEYWORDS = new Set(['if', 'then', 'else', 'and', 'or', 'not', 'true', 'false']);
const OPERATORS = ['==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '(', ')', ','];

class ParseError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ t: 'num', v: Number(number[0]), at: i, to: i + number[0].length });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ t: 'word', v: word[0], at: i, to: i + word[0].length });
      i += word[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end === -1) throw new ParseError(`This text is never closed: add ${c}`, i);
      tokens.push({ t: 'text', v: text.slice(i + 1, end), at: i, to: end + 1 });
      i = end + 1;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) {
      const hint =
        c === '=' ? ': compare with ==' : c === '&' || c === '|' ? ': write and, or' : '';
      throw new ParseError(`Unexpected "${c}"${hint}`, i);
    }
    tokens.push({ t: 'op', v: op, at: i, to: i + op.length });
    i += op.length;
  }
  tokens.push({ t: 'end', v: '', at: text.length, to: text.length });
  return tokens;
}

const describe = (t: Token) => (t.t === 'end' ? 'the end' : `"${t.v}"`);

/** Recursive descent, loosest binding first: if, or, and, not, comparison, + -, * /, unary. */
class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private get peek(): Token {
    return this.tokens[this.i]!;
  }
  private next(): Token {
    return this.tokens[this.i++]!;
  }
  private isOp(v: string): boolean {
    return this.peek.t === 'op' && this.peek.v === v;
  }
  private isWord(v: string): boolean {
    return this.peek.t === 'word' && this.peek.v === v;
  }
  private expect(kind: 'op' | 'word', v: string, why: string): Token {
    if (this.peek.t !== kind || this.peek.v !== v)
      throw new ParseError(`Expected "${v}" ${why}, found ${describe(this.peek)}`, this.peek.at);
    return this.next();
  }

  whole(): Expr {
    const e = this.expr();
    if (this.peek.t !== 'end')
      throw new ParseError(
        `Expected an operator or the end, found ${describe(this.peek)}`,
        this.peek.at,
      );
    return e;
  }

  private expr(): Expr {
    return this.binary(0);
  }

  private static readonly LEVELS: BinaryOp[][] = [
    ['or'],
    ['and'],
    ['==', '!=', '<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/'],
  ];

  private binary(level: number): Expr {
    if (level === 2 && this.isWord('not')) {
      const at = this.next().at;
      const arg = this.binary(2);
      return { k: 'not', arg, at, to: arg.to };
    }
    if (level === Parser.LEVELS.length) return this.unary();
    const ops = Parser.LEVELS[level]!;
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek;
      const op = ops.find((o) => (t.t === 'op' || t.t === 'word') && t.v === o);
      if (!op) return left;
      this.next();
      const right = this.binary(level + 1);
      left = { k: 'bin', op, opAt: t.at, left, right, at: left.at, to: right.to };
      // Comparisons do not chain: `a < b < c` is a mistake, not a range.
      if (level === 2 && ops.some((o) => this.isOp(o)))
        throw new ParseError('Comparisons do not chain: join them with "and"', this.peek.at);
    }
  }

  private unary(): Expr {
    if (this.isOp('-')) {
      const at = this.next().at;
      const arg = this.unary();
      return { k: 'neg', arg, at, to: arg.to };
    }
    return this.atom();
  }

  private atom(): Expr {
    const t = this.next();
    if (t.t === 'num') return { k: 'num', v: t.v, at: t.at, to: t.to };
    if (t.t === 'text') return { k: 'text', v: t.v, at: t.at, to: t.to };
    if (t.t === 'op' && t.v === '(') {
      const inner = this.expr();
      this.expect('op', ')', 'to close "("');
      return inner;
    }
    if (t.t === 'word' && (t.v === 'true' || t.v === 'false'))
      return { k: 'bool', v: t.v === 'true', at: t.at, to: t.to };
    if (t.t === 'word' && t.v === 'if') {
      const cond = this.expr();
      this.expect('word', 'then', 'after the condition of "if"');
      const then = this.expr();
      this.expect('word', 'else', 'after "then …": an "if" needs both');
      const otherwise = this.expr();
      return { k: 'if', cond, then, else: otherwise, at: t.at, to: otherwise.to };
    }
    if (t.t === 'word' && !KEYWORDS.has(t.v)) {
      if (!this.isOp('(')) return { k: 'name', name: t.v, at: t.at, to: t.to };
      const fn = FUNCTIONS.find((f) => f === t.v);
      if (!fn)
        throw new ParseError(
          `"${t.v}" is not a function: use ${FUNCTIONS.map((f) => `${f}(…)`).join(', ')}`,
          t.at,
        );
      this.next();
      const args = [this.expr()];
      while (this.isOp(',')) {
        this.next();
        args.push(this.expr());
      }
      const close = this.expect('op', ')', `to close ${fn}(…)`);
      if (args.length !== ARITY[fn])
        throw new ParseError(`${fn}(…) takes ${ARITY[fn]} value(s), not ${args.length}`, t.at);
      if (fn === 'points' && args[0]!.k !== 'name')
        throw new ParseError('points(…) takes the name of an answer', args[0]!.at);
      return { k: 'call', fn, args, at: t.at, to: close.to };
    }
    throw new ParseError(`Expected a value, found ${describe(t)}`, t.at);
  }
}

/**
 * Parses an expression's text, or says where and why it does not parse.
 *
 * @example parseExpression('points(capital) + 10') // { ok: true, expr: { k: 'bin', op: '+', … } }
 */
export function parseExpression(
  text: string,
): { ok: true; expr: Expr } | { ok: false; error: ExpressionError } {
  try {
    return { ok: true, expr: new Parser(tokenize(text)).whole() };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, error: { message: e.message, at: e.at } };
    throw e;
  }
}

/** Every node of an expression, parents first. */
export function exprNodes(expr: Expr): Expr[] {
  const out: Expr[] = [];
  const visit = (e: Expr) => {
    out.push(e);
    if (e.k === 'call') e.args.forEach(visit);
    else if (e.k === 'neg' || e.k === 'not') visit(e.arg);
    else if (e.k === 'bin') [e.left, e.right].forEach(visit);
    else if (e.k === 'if') [e.cond, e.then, e.else].forEach(visit);
  };
  visit(expr);
  return out;
}

/** The names an expression's text reads (none when it does not parse): what the studio renames. */
export function expressionNames(text: string): string[] {
  const parsed = parseExpression(text);
  if (!parsed.ok) return [];
  return [...new Set(exprNodes(parsed.expr).flatMap((e) => (e.k === 'name' ? [e.name] : [])))];
}
