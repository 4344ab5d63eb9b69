import { lazy, type ReactElement } from "react";
import { Navigate } from "react-router";
import type { PlaceholderScreen } from "../features/placeholders/screens.ts";

const ComingNext = lazy(() => import("../features/placeholders/ComingNext.tsx"));
const NotFound = lazy(() => import("../features/placeholders/NotFound.tsx"));
const SwapPage = lazy(() => import("../features/swap/SwapPage.tsx"));
const PortfoliosHome = lazy(() => import("../features/portfolios/HomePage.tsx"));
const PortfoliosMore = lazy(() => import("../features/portfolios/MorePage.tsx"));
const PortfolioPage = lazy(() => import("../features/portfolios/PortfolioPage.tsx"));
const ManagerPage = lazy(() => import("../features/manager/ManagerPage.tsx"));
const ProfilePage = lazy(() => import("../features/profile/ProfilePage.tsx"));
const PortfolioTrade = lazy(() => import("../features/portfolio-trade/TradePage.tsx"));
const PortfolioCreate = lazy(() => import("../features/portfolio-create/CreatePage.tsx"));

export type AppRoute = { path: string; element: ReactElement };

const placeholder = (path: string, screen: PlaceholderScreen): AppRoute => ({
  path,
  element: <ComingNext screen={screen} />,
});

/**
 * The route map of spec 000 §2 (all exact match). Later issues replace a placeholder element
 * with their own lazily loaded screen; the path list itself is checked by routes.test.tsx.
 */
export const ROUTES: AppRoute[] = [
  { path: "/", element: <PortfoliosHome /> },
  { path: "/sts", element: <PortfoliosHome /> },
  { path: "/sts/more/:type", element: <PortfoliosMore /> },
  { path: "/sts/create", element: <PortfolioCreate /> },
  { path: "/sts/portfolio/:address", element: <PortfolioPage /> },
  { path: "/sts/buy/:contractAddress", element: <PortfolioTrade /> },
  { path: "/sts/sell/:contractAddress", element: <PortfolioTrade /> },
  { path: "/sts/manage/:contractAddress", element: <PortfolioTrade /> },
  { path: "/sts/profile/:address", element: <ProfilePage /> },
  { path: "/sts/profile/:address/:tab", element: <ProfilePage /> },
  { path: "/sts/manager/:address", element: <ManagerPage /> },
  { path: "/aggregateSwap", element: <SwapPage /> },
  { path: "/aggregateSwap/chart", element: <SwapPage chart /> },
  placeholder("/proposals", "proposals"),
  placeholder("/proposals/select", "proposalsSelect"),
  placeholder("/proposals/create", "proposalsCreate"),
  placeholder("/proposals/:contract/:proposalId", "proposalDetail"),
  placeholder("/social", "social"),
  placeholder("/predict", "predict"),
  placeholder("/predict/transactions", "predictTransactions"),
  placeholder("/predict/:id", "predictMarket"),
  placeholder("/headTail", "headTail"),
  placeholder("/headTail/moreRace", "headTailMoreRace"),
  placeholder("/headTail/:pair/:id", "headTailRace"),
  placeholder("/headTail/event/:id", "headTailEvent"),
  // The unlisted-token warning's Go back (and any old link) lands on the swap page itself.
  { path: "/swap", element: <Navigate to="/aggregateSwap" replace /> },
];

export const NOT_FOUND_ROUTE: AppRoute = { path: "*", element: <NotFound /> };
