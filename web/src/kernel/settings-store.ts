import {
  DEFAULT_CHAIN_ID,
  DEFAULT_DEADLINE_SECONDS,
  DEFAULT_SLIPPAGE_BPS,
  type Language,
  STORAGE_KEYS,
  SUPPORTED_LANGUAGES,
  THEMES,
  type Theme,
} from "@sofi/core";
import { LOCAL_CHAIN_ID } from "@sofi/protocol";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { AppConfig } from "./config.ts";

/** Bump when the persisted shape changes; `migrateSettings` runs for older versions (spec 000 §4). */
export const SETTINGS_VERSION = 1;
export const SETTINGS_STORAGE_KEY = "sofi_user_settings";

/** The persisted part: the spec's user settings (000 §3) plus the selected network. */
export type PersistedSettings = {
  chainId: number;
  /** True once the user picked a network; until then the default follows the server config. */
  chainIdChosen: boolean;
  userDarkMode: boolean | null;
  matchesDarkMode: boolean;
  userExpertMode: boolean;
  userSingleHopOnly: boolean;
  /** Slippage tolerance in basis points. */
  userSlippageTolerance: number;
  /** Transaction deadline in seconds. */
  userDeadline: number;
  tokens: Record<number, Record<string, { address: string; decimals: number; symbol?: string; name?: string }>>;
  pairs: Record<number, Record<string, { token0: string; token1: string }>>;
  timestamp: number;
  URLWarningVisible: boolean;
};

export type SettingsState = PersistedSettings & {
  lang: Language;
  theme: Theme;
  setChainId: (chainId: number) => void;
  setLang: (lang: Language) => void;
  setTheme: (theme: Theme) => void;
  setExpertMode: (on: boolean) => void;
  setSingleHopOnly: (on: boolean) => void;
  setSlippageTolerance: (bps: number) => void;
  setDeadline: (seconds: number) => void;
  setURLWarningVisible: (visible: boolean) => void;
};

export const DEFAULT_SETTINGS: PersistedSettings = {
  chainId: DEFAULT_CHAIN_ID,
  chainIdChosen: false,
  userDarkMode: null,
  matchesDarkMode: false,
  userExpertMode: false,
  userSingleHopOnly: false,
  userSlippageTolerance: DEFAULT_SLIPPAGE_BPS,
  userDeadline: DEFAULT_DEADLINE_SECONDS,
  tokens: {},
  pairs: {},
  timestamp: 0,
  URLWarningVisible: true,
};

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the setting still applies for this page
  }
}

function prefersDark(): boolean {
  return typeof window !== "undefined" && !!window.matchMedia?.("(prefers-color-scheme: dark)").matches;
}

/** Language: the stored `rai_lang`, else Korean when the browser prefers it, else English (fallback en). */
export function initialLang(): Language {
  const stored = safeGet(STORAGE_KEYS.lang);
  if (stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  const nav = typeof navigator !== "undefined" ? navigator.language : "";
  return nav?.toLowerCase().startsWith("ko") ? "ko" : "en";
}

/** Theme: the stored `rai_theme`, else the system preference. */
export function initialTheme(): Theme {
  const stored = safeGet(STORAGE_KEYS.theme);
  if (stored && (THEMES as readonly string[]).includes(stored)) return stored as Theme;
  return prefersDark() ? "dark" : "light";
}

/**
 * Spec 000 §4 settings migration: on a version update, slippage and deadline reset to their
 * defaults when they are not numbers. Every other missing field takes its default.
 */
export function migrateSettings(persisted: unknown, _fromVersion: number): PersistedSettings {
  const old = (persisted && typeof persisted === "object" ? persisted : {}) as Partial<Record<string, unknown>>;
  const merged = { ...DEFAULT_SETTINGS, ...old } as PersistedSettings;
  const isNum = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  if (!isNum(old.userSlippageTolerance)) merged.userSlippageTolerance = DEFAULT_SLIPPAGE_BPS;
  if (!isNum(old.userDeadline)) merged.userDeadline = DEFAULT_DEADLINE_SECONDS;
  if (!isNum(old.chainId)) merged.chainId = DEFAULT_CHAIN_ID;
  return merged;
}

/** Default network: the local chain when this deployment serves it, else Base (spec default 8453). */
export function defaultChainIdFor(config: Pick<AppConfig, "chains">): number {
  return config.chains.some((c) => c.id === LOCAL_CHAIN_ID) ? LOCAL_CHAIN_ID : DEFAULT_CHAIN_ID;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      lang: initialLang(),
      theme: initialTheme(),
      setChainId: (chainId) => set({ chainId, chainIdChosen: true, timestamp: Date.now() }),
      setLang: (lang) => {
        safeSet(STORAGE_KEYS.lang, lang);
        set({ lang });
      },
      setTheme: (theme) => {
        safeSet(STORAGE_KEYS.theme, theme);
        set({ theme, userDarkMode: theme === "dark", timestamp: Date.now() });
      },
      setExpertMode: (userExpertMode) => set({ userExpertMode, timestamp: Date.now() }),
      setSingleHopOnly: (userSingleHopOnly) => set({ userSingleHopOnly, timestamp: Date.now() }),
      setSlippageTolerance: (userSlippageTolerance) => set({ userSlippageTolerance, timestamp: Date.now() }),
      setDeadline: (userDeadline) => set({ userDeadline, timestamp: Date.now() }),
      setURLWarningVisible: (URLWarningVisible) => set({ URLWarningVisible }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: SETTINGS_VERSION,
      storage: createJSONStorage(() => localStorage),
      // lang and theme live in their own keys (rai_lang, rai_theme), the spec's "stored locally".
      partialize: ({ lang: _l, theme: _t, ...rest }) => {
        const out: Partial<PersistedSettings> = {};
        for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof PersistedSettings)[]) {
          (out as Record<string, unknown>)[k] = rest[k];
        }
        return out as PersistedSettings;
      },
      migrate: (persisted, version) => migrateSettings(persisted, version),
    },
  ),
);

/**
 * Called once with the server config before the first render: picks the default network when
 * the user never chose one, and falls back to it when the stored network is not offered.
 */
export function applyConfigDefaults(config: Pick<AppConfig, "chains">): void {
  const s = useSettings.getState();
  const offered = s.chainId === LOCAL_CHAIN_ID ? config.chains.some((c) => c.id === LOCAL_CHAIN_ID) : true;
  if (!s.chainIdChosen || !offered) useSettings.setState({ chainId: defaultChainIdFor(config) });
}
