// What the two gateway comparisons (pesapal-comparison.server.ts, daraja-comparison.server.ts) share: a gateway is
// asked one question at a time, its "no" about one thing is a difference of its own, and any other failure means it
// cannot be asked at all, which the comparison then says instead of its findings.

/** The gateway cannot be asked at all (network, timeout, 5xx, credentials): the comparison stops and says so. */
class GatewayUnreachable extends Error {}

/** A comparison that could not ask its gateway: the problem in words, and what was found before it stopped. */
export interface Unreached<D> {
  reached: false;
  problem: string;
  differences: D[];
}

/**
 * Wraps one question to a gateway: its answer, or the message of the gateway's refusal (`rejected`: it does not know
 * this one thing). Any other failure is thrown as unreachable, for `untilUnreachable` to report.
 */
export function askEach<Q, A, C extends string>(
  ask: (question: Q) => Promise<A>,
  isGatewayError: (error: unknown, code?: C) => error is Error & { code: C },
  rejected: C,
): (question: Q) => Promise<A | string> {
  return async (question) => {
    try {
      return await ask(question);
    } catch (error) {
      if (isGatewayError(error, rejected)) return error.message;
      throw new GatewayUnreachable(isGatewayError(error) ? `${error.code}: ${error.message}` : String(error));
    }
  };
}

/**
 * Runs a comparison. When its gateway cannot be reached (an `askEach` question failed, or `alsoUnreachable` says so of
 * what was thrown), says so with the differences found until then; anything else is a bug and is thrown on.
 */
export async function untilUnreachable<R, D>(
  gateway: string,
  differences: D[],
  compare: () => Promise<R>,
  alsoUnreachable: (error: unknown) => error is Error = (_error): _error is Error => false,
): Promise<R | Unreached<D>> {
  try {
    return await compare();
  } catch (error) {
    if (!(error instanceof GatewayUnreachable) && !alsoUnreachable(error)) throw error;
    return { reached: false, problem: `${gateway} could not be reached (${error.message}).`, differences };
  }
}
