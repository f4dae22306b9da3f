/** The parts of a zod issue a refusal is written from; the value itself is never read. */
export type ValidationIssue = {
  readonly path: readonly PropertyKey[]
  readonly message: string
  readonly code?: string
  /** Set on `unrecognized_keys` issues: the keys a strict object does not know. */
  readonly keys?: readonly string[]
}

/**
 * One line per issue, `path: message`, the path written the way the merchant wrote the value:
 * `services[0].markup` in the options, `services[PA_DOREN].markup` in the admin settings, where
 * services are keyed by code (`keyed` names such collections). An unknown key is named as a field
 * of its own. Values are never echoed: an option refused at boot must not carry the API key into
 * a log.
 */
export function describeIssues(issues: readonly ValidationIssue[], keyed: readonly string[] = []): string[] {
  return issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" && issue.keys?.length
      ? issue.keys.map((key) => `${issuePath([...issue.path, key], keyed)}: is not a known setting`)
      : [`${issuePath(issue.path, keyed) || "(root)"}: ${issue.message}`]
  )
}

export function issuePath(path: readonly PropertyKey[], keyed: readonly string[] = []): string {
  return path
    .map((segment, index) => {
      const bracketed = typeof segment === "number" || (index > 0 && keyed.includes(String(path[index - 1])))
      return bracketed ? `[${String(segment)}]` : `${index === 0 ? "" : "."}${String(segment)}`
    })
    .join("")
}
