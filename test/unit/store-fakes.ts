// A hand-answered worker for feature stores' unit tests (components/*/…-store.ts take it as their io).
import { vi } from 'vitest';
import type { StoreIo } from '../../components/ui/store.ts';

/** A worker the test answers by hand: every question waits until the test resolves it. */
export function fakeWorker() {
  const questions: { type: string; input: unknown; answer: (value: unknown) => void; fail: (e: unknown) => void }[] =
    [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const io = {
    ask: vi.fn(
      (type: string, input: unknown) =>
        new Promise((answer, fail) => {
          questions.push({ type, input, answer, fail });
        }),
    ),
    onDeskEvent: vi.fn((type: string, handler: (payload: unknown) => void) => {
      listeners.set(type, handler);
      return () => listeners.delete(type);
    }),
  } as unknown as StoreIo;
  const asked = (type: string) => questions.filter((q) => q.type === type);
  const emit = (type: string, payload: unknown = {}) => listeners.get(type)?.(payload);
  return { io, questions, asked, emit, listeners };
}

/** Lets settled answers run through the store's awaits (no timer: one macrotask turn). */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
