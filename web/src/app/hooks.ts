import { useEffect, useState } from "react";
import { isHeaderScrolled } from "./header-logic.ts";

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== "undefined" && window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const onChange = () => setMatches(mql.matches);
    onChange();
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}

export function useHeaderScrolled(): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== "undefined" && isHeaderScrolled(window.scrollY));
  useEffect(() => {
    const onScroll = () => setScrolled(isHeaderScrolled(window.scrollY));
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return scrolled;
}
