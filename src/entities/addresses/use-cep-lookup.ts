import { useCallback, useEffect, useRef, useState } from 'react';
import { CEP_MESSAGES, lookupableCep, type CepLookup } from '@/contracts/address';
import { apiErrorCode, apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { useLazyLookupCepQuery } from './api';

/** Where the look-up of the typed CEP stands. */
export type CepLookupState =
  | { kind: 'idle' }
  | { kind: 'searching'; cep: string }
  | { kind: 'found'; cep: string; address: CepLookup }
  /** The CEP is well formed but unknown: the address is typed by hand. */
  | { kind: 'not-found'; cep: string; message: string }
  /** The look-up itself failed (offline, 5xx, timeout): typed by hand too, or tried again. */
  | { kind: 'failed'; cep: string; message: string };

/**
 * Looks up `value` (the CEP field, as typed) whenever it becomes a complete, valid CEP it was not already: once per
 * CEP, so the CEP a form was loaded with (an edit) is not looked up again. A reply for a CEP the user has since
 * changed is ignored; `onFound` runs only for the current one.
 */
export function useCepLookup(value: string, onFound: (address: CepLookup) => void) {
  const [trigger] = useLazyLookupCepQuery();
  const [state, setState] = useState<CepLookupState>({ kind: 'idle' });
  /** The CEP whose answer counts (null: none); starts at the loaded one, so it is not looked up on mount. */
  const current = useRef<string | null>(lookupableCep(value));
  const onFoundRef = useRef(onFound);
  useEffect(() => {
    onFoundRef.current = onFound;
  });

  const lookUp = useCallback(
    (cep: string, fresh: boolean) => {
      current.current = cep;
      setState({ kind: 'searching', cep });
      trigger(cep, !fresh)
        .unwrap()
        .then(
          (address) => {
            if (current.current !== cep) return;
            setState({ kind: 'found', cep, address });
            onFoundRef.current(address);
          },
          (error: unknown) => {
            if (current.current !== cep) return;
            const status = apiErrorStatus(error);
            if (status === 404 || apiErrorCode(error) === 'cep-not-found') {
              setState({ kind: 'not-found', cep, message: CEP_MESSAGES.notFound });
            } else if (status !== null && status >= 400 && status < 500) {
              // Refused as malformed (the field's own validation says the same on blur).
              setState({ kind: 'not-found', cep, message: apiErrorMessage(error) });
            } else {
              setState({ kind: 'failed', cep, message: CEP_MESSAGES.lookupFailed });
            }
          },
        );
    },
    [trigger],
  );

  const cep = lookupableCep(value);
  useEffect(() => {
    if (cep === current.current) return;
    if (cep === null) {
      current.current = null;
      setState({ kind: 'idle' });
      return;
    }
    lookUp(cep, false);
  }, [cep, lookUp]);

  /** "Tentar de novo" after a failed look-up: asks the server again, whatever the cache holds. */
  const retry = useCallback(() => {
    if (cep !== null) lookUp(cep, true);
  }, [cep, lookUp]);

  return { state, retry };
}
