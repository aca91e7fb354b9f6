//! The JSON Schema of `report.json` (`docs/report.schema.json`, compiled in) and the check
//! `arbiter verify` makes with it: every member, its type and its unit, as documented there.

use std::sync::OnceLock;

/// The schema as shipped in `docs/`.
pub const SCHEMA: &str = include_str!("../../../docs/report.schema.json");

fn validator() -> Result<&'static jsonschema::Validator, String> {
    static V: OnceLock<Result<jsonschema::Validator, String>> = OnceLock::new();
    V.get_or_init(|| {
        let schema: serde_json::Value =
            serde_json::from_str(SCHEMA).map_err(|e| format!("the report schema: {e}"))?;
        jsonschema::draft202012::options()
            .should_validate_formats(true)
            .build(&schema)
            .map_err(|e| format!("the report schema: {e}"))
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Checks a `report.json` (the whole file: report, digest, signatures) against the schema;
/// each failure names the member (a JSON pointer) and what is wrong, at most `limit` of them.
pub fn check(report_json: &serde_json::Value, limit: usize) -> Result<(), Vec<String>> {
    let v = validator().map_err(|e| vec![e])?;
    let errors: Vec<String> = v
        .iter_errors(report_json)
        .take(limit)
        .map(|e| {
            let at = e.instance_path().to_string();
            format!("{}: {e}", if at.is_empty() { "/" } else { at.as_str() })
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
