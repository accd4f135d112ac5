import { createContext, useContext } from "react";

/** The CSP nonce of the current response (server only; browsers hide it from scripts anyway). */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
