import type { Theme } from "@sofi/core";
import { theme as antdTheme, type ThemeConfig } from "antd";

/** Brand colours: primary teal, secondary purple (the spec's chart colours). */
export const BRAND = { primary: "#0fa3a3", secondary: "#7b61ff" } as const;

export function antdThemeFor(theme: Theme): ThemeConfig {
  return {
    algorithm: theme === "dark" ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: BRAND.primary,
      colorInfo: BRAND.primary,
      colorLink: theme === "dark" ? "#3cc6c6" : "#0b7f7f",
      borderRadius: 10,
      fontFamily:
        "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif",
    },
    components: {
      Layout: {
        headerBg: "transparent",
        bodyBg: theme === "dark" ? "#141414" : "#f5f7fa",
        footerBg: theme === "dark" ? "#1b1b1f" : "#ffffff",
        headerPadding: "0 16px",
      },
    },
  };
}
