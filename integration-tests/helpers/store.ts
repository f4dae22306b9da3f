// The Norwegian store of the tests is the demo's store: one seeding module for both.
export { seedNorwegianStore, type SeedService, type SeededStore } from "../../demo/seed-store"
