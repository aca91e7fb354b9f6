//! `arbiter sign` and `arbiter keygen`: signatures of the report with a key file or a
//! passphrase; key files and the public key of a passphrase.

use std::path::Path;
use std::process::ExitCode;

use arbiter_core::signature::Role;
use arbiter_io::keyfile;
use arbiter_report::sign;

use crate::exit::EXIT_INPUT;
use crate::report_files;

fn passphrase(env_var: Option<&str>, prompt: &str) -> Result<zeroize::Zeroizing<String>, String> {
    match env_var {
        Some(v) => std::env::var(v)
            .map(zeroize::Zeroizing::new)
            .map_err(|_| format!("the environment variable {v} is not set")),
        None => rpassword::prompt_password(prompt)
            .map(zeroize::Zeroizing::new)
            .map_err(|e| format!("cannot read the passphrase: {e}")),
    }
}

pub fn sign(path: &Path, role: Role, key: Option<&Path>, passphrase_env: Option<&str>) -> ExitCode {
    let run = || -> Result<String, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut env: sign::SignedReport = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{}: not a report: {e}", path.display()))?;
        let name = role.person(&env.report).to_string();
        let signing_key = match key {
            Some(k) => sign::key_from_seed(&*keyfile::read(k).map_err(|e| e.to_string())?),
            None => {
                let pass = passphrase(
                    passphrase_env,
                    &format!("Passphrase of the {role} ({name}): "),
                )?;
                sign::derive_key(role, &name, pass.as_bytes()).map_err(|e| e.to_string())?
            }
        };
        sign::sign(&mut env, role, &signing_key).map_err(|e| e.to_string())?;
        let dir = path.parent().unwrap_or(Path::new("."));
        report_files::write(dir, &env, env.report.lang, None)?;
        let verdict = sign::check(&env);
        let status = verdict
            .signatures
            .iter()
            .find(|(r, _, _)| *r == role)
            .map(|(_, _, s)| format!("{s:?}"))
            .unwrap_or_default();
        Ok(format!(
            "signed as the {role} ({name}), key {}: {status}",
            sign::public_hex(&signing_key)
        ))
    };
    match run() {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter sign: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

pub fn keygen(
    output: Option<&Path>,
    derive: bool,
    role: Option<Role>,
    name: Option<&str>,
    passphrase_env: Option<&str>,
) -> ExitCode {
    let run = || -> Result<String, String> {
        if derive {
            let (Some(role), Some(name)) = (role, name) else {
                return Err("--derive needs --role and --name".into());
            };
            let pass = passphrase(
                passphrase_env,
                &format!("Passphrase of the {role} ({name}): "),
            )?;
            let key = sign::derive_key(role, name, pass.as_bytes()).map_err(|e| e.to_string())?;
            return Ok(format!(
                "public key of the {role} ({name}): {}",
                sign::public_hex(&key)
            ));
        }
        let Some(out) = output else {
            return Err("give -o FILE for the key file".into());
        };
        let key = sign::generate_key().map_err(|e| e.to_string())?;
        keyfile::write(out, &sign::seed_of(&key)).map_err(|e| e.to_string())?;
        Ok(format!(
            "wrote {} (owner only); public key {}",
            out.display(),
            sign::public_hex(&key)
        ))
    };
    match run() {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter keygen: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
