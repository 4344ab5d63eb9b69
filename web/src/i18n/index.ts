import { type Language, SUPPORTED_LANGUAGES } from "@sofi/core";
import i18next, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

export type Dictionary = { [key: string]: string | Dictionary };
export type FeatureDictionaries = Record<Language, Dictionary>;

/** Every feature folder's `i18n.ts` (default export `{ en, ko }`), namespaced by folder name. */
export function collectDictionaries(
  modules: Record<string, { default: FeatureDictionaries }>,
): Record<string, FeatureDictionaries> {
  const out: Record<string, FeatureDictionaries> = {};
  for (const [path, mod] of Object.entries(modules)) {
    const m = /features\/([^/]+)\/i18n\.ts$/.exec(path);
    if (m?.[1] && mod?.default) out[m[1]] = mod.default;
  }
  return out;
}

export const dictionaries = collectDictionaries(
  import.meta.glob<{ default: FeatureDictionaries }>("../features/*/i18n.ts", { eager: true }),
);

export function buildResources(dicts: Record<string, FeatureDictionaries>): Resource {
  const resources: Resource = {};
  for (const lang of SUPPORTED_LANGUAGES) {
    resources[lang] = {};
    for (const [ns, d] of Object.entries(dicts)) resources[lang][ns] = d[lang] ?? {};
  }
  return resources;
}

export async function initI18n(lang: Language): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: buildResources(dictionaries),
      lng: lang,
      fallbackLng: "en",
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: Object.keys(dictionaries),
      defaultNS: "shell",
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  } else if (i18next.language !== lang) {
    await i18next.changeLanguage(lang);
  }
  document.documentElement.lang = lang;
  return i18next;
}

export { i18next };
