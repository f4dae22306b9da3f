export { applyTrackingEventWorkflow } from "./apply-tracking-event"
