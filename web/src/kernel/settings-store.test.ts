import { DEFAULT_CHAIN_ID, DEFAULT_DEADLINE_SECONDS, DEFAULT_SLIPPAGE_BPS, STORAGE_KEYS } from "@sofi/core";
import { LOCAL_CHAIN_ID } from "@sofi/protocol";
import { beforeEach, describe, expect, it } from "vitest";
import {
  applyConfigDefaults,
  DEFAULT_SETTINGS,
  defaultChainIdFor,
  initialLang,
  initialTheme,
  migrateSettings,
  SETTINGS_STORAGE_KEY,
  SETTINGS_VERSION,
  useSettings,
} from "./settings-store.ts";

const local = { chains: [{ id: LOCAL_CHAIN_ID, suffix: "local", name: "Local", rpcUrl: "", deployment: null }] };
const baseOnly = { chains: [{ id: 8453, suffix: "base", name: "Base", rpcUrl: "", deployment: null }] };

describe("settings store", () => {
  beforeEach(() => {
    useSettings.setState({ ...DEFAULT_SETTINGS });
  });

  it("has the spec's defaults: slippage 50 bps, deadline 1200 s, no expert mode, Base", () => {
    const s = useSettings.getState();
    expect(s.userSlippageTolerance).toBe(DEFAULT_SLIPPAGE_BPS);
    expect(s.userSlippageTolerance).toBe(50);
    expect(s.userDeadline).toBe(DEFAULT_DEADLINE_SECONDS);
    expect(s.userDeadline).toBe(1200);
    expect(s.userExpertMode).toBe(false);
    expect(s.userSingleHopOnly).toBe(false);
    expect(s.URLWarningVisible).toBe(true);
    expect(s.chainId).toBe(DEFAULT_CHAIN_ID);
  });

  it("defaults to the local chain when the config serves it, else Base (8453)", () => {
    expect(defaultChainIdFor(local)).toBe(31337);
    expect(defaultChainIdFor(baseOnly)).toBe(8453);
    applyConfigDefaults(local);
    expect(useSettings.getState().chainId).toBe(31337);
  });

  it("keeps a network the user chose over the config default", () => {
    useSettings.getState().setChainId(1);
    applyConfigDefaults(local);
    expect(useSettings.getState().chainId).toBe(1);
  });

  it("falls back when the stored network is the local chain but the config no longer serves it", () => {
    useSettings.getState().setChainId(LOCAL_CHAIN_ID);
    applyConfigDefaults(baseOnly);
    expect(useSettings.getState().chainId).toBe(8453);
  });

  it("persists settings under its key with the current version", () => {
    useSettings.getState().setSlippageTolerance(120);
    const raw = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? "{}");
    expect(raw.version).toBe(SETTINGS_VERSION);
    expect(raw.state.userSlippageTolerance).toBe(120);
    expect(raw.state.lang).toBeUndefined();
  });

  it("mirrors language and theme to rai_lang and rai_theme", () => {
    useSettings.getState().setLang("ko");
    useSettings.getState().setTheme("dark");
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe("ko");
    expect(localStorage.getItem("rai_theme")).toBe("dark");
    expect(initialLang()).toBe("ko");
    expect(initialTheme()).toBe("dark");
  });

  it("falls back to English and ignores unknown stored values", () => {
    localStorage.setItem("rai_lang", "fr");
    localStorage.setItem("rai_theme", "purple");
    expect(initialLang()).toBe("en");
    expect(initialTheme()).toBe("light");
  });
});

describe("settings migration (spec 000 §4)", () => {
  it("resets slippage and deadline to defaults when they are not numbers", () => {
    const out = migrateSettings({ userSlippageTolerance: "auto", userDeadline: null, userExpertMode: true }, 0);
    expect(out.userSlippageTolerance).toBe(50);
    expect(out.userDeadline).toBe(1200);
    expect(out.userExpertMode).toBe(true);
  });

  it("keeps numeric slippage and deadline", () => {
    const out = migrateSettings({ userSlippageTolerance: 75, userDeadline: 600 }, 0);
    expect(out.userSlippageTolerance).toBe(75);
    expect(out.userDeadline).toBe(600);
  });

  it("fills every missing field with its default", () => {
    expect(migrateSettings(undefined, 0)).toEqual(DEFAULT_SETTINGS);
  });

  it("runs on rehydration of an older stored version", async () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ version: 0, state: { userSlippageTolerance: "x", userDeadline: 900, chainId: 1 } }),
    );
    await useSettings.persist.rehydrate();
    const s = useSettings.getState();
    expect(s.userSlippageTolerance).toBe(50);
    expect(s.userDeadline).toBe(900);
    expect(s.chainId).toBe(1);
  });
});
