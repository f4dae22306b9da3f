// Admin translations of the plugin, keyed by language (filled as admin screens arrive).
export default {}
