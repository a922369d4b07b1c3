import { type Context, createContext, useContext } from 'react';

/**
 * A context without a sensible default and the hook that reads it, which throws when used outside its
 * provider: a missing provider is a wiring mistake to see at once, not a state to render.
 */
export function createRequiredContext<T>(hookName: string, providerName: string): [Context<T | null>, () => T] {
  const RequiredContext = createContext<T | null>(null);
  function useRequiredContext(): T {
    const value = useContext(RequiredContext);
    if (value === null) throw new Error(`${hookName} must be used inside the ${providerName}`);
    return value;
  }
  return [RequiredContext, useRequiredContext];
}
