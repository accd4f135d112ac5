export * from "./sales-ledger";
export * from "./revenue";
