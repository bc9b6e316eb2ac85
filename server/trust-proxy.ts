/** Express's compiled TRUST_PROXY (`app.get("trust proxy fn")`): is this hop a proxy we trust? */
export type TrustProxy = (address: string, hop: number) => boolean;
