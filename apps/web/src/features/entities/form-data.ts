/**
 * The multipart body of an entity save (SPEC §7: the logo travels with the record). Text values as they are,
 * null/undefined as '' (the server reads blank as "no value"), arrays and objects as JSON (the fee table), and
 * the files under their own names.
 */
export function toFormData(
  values: Record<string, unknown>,
  files: Record<string, File | null | undefined> = {},
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (value === null) body.append(key, '');
    else if (typeof value === 'object') body.append(key, JSON.stringify(value));
    else body.append(key, String(value));
  }
  for (const [key, file] of Object.entries(files)) {
    if (file) body.append(key, file, file.name);
  }
  return body;
}

/**
 * The save of a federation or an association: the fields with the `logo` picked (or `remove_logo` when it was
 * removed), one multipart request.
 */
export function withLogoFile({ logo, ...values }: { logo?: File | null } & Record<string, unknown>) {
  return {
    body: toFormData({ ...values, remove_logo: logo === null }, { file: logo instanceof File ? logo : null }),
    withLogo: logo instanceof File,
  };
}
