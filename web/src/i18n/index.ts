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

/**
 * The dictionaries are not part of the first route's JavaScript: each feature's `i18n.ts` is its
 * own small chunk, all fetched in parallel (main.tsx does it alongside `GET /api/config`) before
 * the first render, so every namespace is there synchronously once the app renders.
 */
const dictionaryLoaders = import.meta.glob<{ default: FeatureDictionaries }>("../features/*/i18n.ts");

let loaded: Promise<Record<string, FeatureDictionaries>> | undefined;

/** Every feature's dictionaries, loaded once. */
export function loadDictionaries(): Promise<Record<string, FeatureDictionaries>> {
  loaded ??= Promise.all(
    Object.entries(dictionaryLoaders).map(async ([path, load]) => [path, await load()] as const),
  ).then((mods) => collectDictionaries(Object.fromEntries(mods)));
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

export function buildResources(dicts: Record<string, FeatureDictionaries>): Resource {
  const resources: Resource = {};
  for (const lang of SUPPORTED_LANGUAGES) {
    resources[lang] = {};
    for (const [ns, d] of Object.entries(dicts)) resources[lang][ns] = d[lang] ?? {};
  }
  return resources;
}

let initializing: Promise<unknown> | undefined;

export async function initI18n(lang: Language): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    initializing ??= loadDictionaries().then((dictionaries) =>
      i18next.use(initReactI18next).init({
        resources: buildResources(dictionaries),
        lng: lang,
        fallbackLng: "en",
        supportedLngs: [...SUPPORTED_LANGUAGES],
        ns: Object.keys(dictionaries),
        defaultNS: "shell",
        interpolation: { escapeValue: false },
        showSupportNotice: false,
      }),
    );
    await initializing;
  }
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  return i18next;
}

export { i18next };
