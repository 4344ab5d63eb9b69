// Not found, the app's fallback route. (Until issue 20 this feature also held the "coming next"
// screens of the capabilities still to land; they all have.)

export { feature, NotFound } from "./feature.ts";
