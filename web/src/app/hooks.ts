import { useEffect, useState } from "react";
import { isHeaderScrolled } from "./header-logic.ts";

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
