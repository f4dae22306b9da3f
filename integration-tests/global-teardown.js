module.exports = async function globalTeardown() {
  const pg = globalThis.__NORDIC_PARCEL_EMBEDDED_PG__
  if (pg) {
    await pg.stop()
  }
}
