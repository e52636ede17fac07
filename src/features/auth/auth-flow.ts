/**
 * While a sign-in or sign-up flow runs, the identity listener stands aside: the flow itself builds the user
 * (a new account has no profile until POST /assembler has answered).
 */
let active = 0;

export function beginAuthFlow(): () => void {
  active += 1;
  let ended = false;
  return () => {
    if (!ended) {
      ended = true;
      active -= 1;
    }
  };
}

export function isAuthFlowActive(): boolean {
  return active > 0;
}
