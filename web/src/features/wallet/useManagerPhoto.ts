/**
 * The manager's photo_url for the account avatar (spec 000 §2 "Account panel"). The manager-info
 * endpoint arrives with the portfolios work; until then there is no photo and the panel shows the
 * generated avatar. The hook's signature stays the same when the endpoint lands.
 */
export function useManagerPhoto(_address: string | undefined): string | undefined {
  return undefined;
}
