import { expect } from 'vitest';

type Answer = { status: number; body: unknown };

/** An error answer in Strapi's shape, to match with toMatchObject. */
export const refusal = (status: number, message: string) => ({ status, body: { error: { status, message } } });

/** Sends each input and expects a 400 with the message paired with it. */
export async function expectBadRequests<T>(cases: [T, string][], send: (input: T) => Promise<Answer>): Promise<void> {
  for (const [input, message] of cases) {
    expect(await send(input), JSON.stringify(input)).toMatchObject(refusal(400, message));
  }
}
