/** The framework-free part of the storefront export: safe in server actions and route handlers. */
export * from "./types"
export * from "./client"
export * from "./texts"
export * from "./after-sale-texts"
export * from "./format"
export * from "./return-selection"
export * from "./return-texts"
