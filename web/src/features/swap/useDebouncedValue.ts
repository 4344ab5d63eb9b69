import { useEffect, useState } from "react";

/** The value once it has stopped changing for `delayMs` (the swap quote waits QUOTE_DEBOUNCE_MS). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return debounced;
}
