export * from "./sales-ledger";
export * from "./revenue";
export * from "./buyer-day";
