// A scripted fetch for the client: each call takes the next step, and every request is recorded.
export type Step = Response | Error | ((request: Request) => Response | Promise<Response>);

export interface FakeFetch {
  fetch: typeof fetch;
  requests: Request[];
  /** Request bodies as sent (the client cancels request bodies once a call settles). */
  bodies: string[];
}

export function fakeFetch(...steps: Step[]): FakeFetch {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.push(await request.clone().text());
    const step = steps.length > 1 ? steps.shift() : steps[0];
    if (step === undefined) throw new Error('fake fetch: no step left');
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(request) : step.clone();
  };
  return { fetch: fetchFn as typeof fetch, requests, bodies };
}

export function envelope(response: unknown, errors: unknown[] = [], status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ meta: { uuid: 'uuid-1', errors }, response }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function failure(status: number, code: number, message: string, headers: HeadersInit = {}): Response {
  return envelope({}, [{ code, type: 'FATAL_ERROR', message }], status, headers);
}

/** What fetch throws in node when no connection could be made. */
export const transportError = () => new TypeError('fetch failed');
