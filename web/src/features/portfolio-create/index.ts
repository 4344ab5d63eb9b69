// The create wizard (spec 001 §2 /sts/create, issue 10; optional ?search= preselects tokens). Its
// rules (allocation, validators, the factory's parameters) live in @sofi/core portfolio-create.ts.

export { feature } from "./feature.ts";
export { createdPortfolio } from "./usePublish.ts";
