import { type ApiError, isApiError } from '../../lib/api/errors.ts';

/** The ApiError a call rejects with; anything else (or success) fails the test loudly. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}
