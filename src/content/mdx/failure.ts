/** How the evaluator stops: a `Failure` names what it could not compute and where. */
import type { BaseNode } from 'estree';
import type { Evaluation } from './types.ts';

export class Failure {
  constructor(
    readonly evaluation: Exclude<Evaluation, { ok: true }>,
    /** The innermost node that failed, for the position of a problem. */
    readonly node: BaseNode | undefined,
  ) {}
}

export function unsupported(what: string, node?: BaseNode): never {
  throw new Failure({ ok: false, reason: 'unsupported', what }, node);
}

/** `a?.b.c` stops at `a` when it is null or undefined, the whole chain being undefined. */
export class ShortCircuit {}
