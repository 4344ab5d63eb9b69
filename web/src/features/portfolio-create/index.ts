// The create wizard (spec 001 §2 /sts/create, issue 10). The route loads its screen lazily:
//   lazy(() => import("../features/portfolio-create/CreatePage.tsx"))   /sts/create (optional ?search=)
// Its rules (allocation, validators, the factory's parameters) live in @sofi/core portfolio-create.ts.
export { createdPortfolio } from "./usePublish.ts";
