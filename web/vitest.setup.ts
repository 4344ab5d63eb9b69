import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Node 25+ has a global localStorage and sessionStorage of its own (Web Storage), which without
// --localstorage-file read as undefined. Vitest's jsdom environment does not replace globals that
// exist already, so on Node 26 they would hide jsdom's Storage: put jsdom's back (vitest exposes its
// JSDOM instance as `jsdom`). On Node 20 to 24 they already are jsdom's and nothing changes.
const dom = (globalThis as { jsdom?: { window: Window } }).jsdom;
for (const key of ["localStorage", "sessionStorage"] as const) {
  // Read the descriptor, not the value: reading Node's getter prints an ExperimentalWarning.
  const own = Object.getOwnPropertyDescriptor(globalThis, key);
  if (dom && !(own && "value" in own && own.value === dom.window[key])) {
    Object.defineProperty(globalThis, key, { value: dom.window[key], configurable: true, writable: true });
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lacks matchMedia; Ant Design's responsive helpers and our media hooks need it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
