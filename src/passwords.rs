//! Password hashing (argon2id, OWASP parameters) on a fixed pool of threads that each keep
//! their 19 MiB of argon2 memory for good. Allocating that memory per hash, on whichever
//! blocking thread ran it, left every thread's malloc arena holding its own copy: 64 sign-ins
//! grew the server by ~150 MB that it never gave back. Here the memory is bounded by the pool:
//! `HASHING_THREADS` × 19 MiB, whatever the number of concurrent sign-ins.

use std::cell::RefCell;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// Hashes at once; each holds `Params::DEFAULT.block_count()` KiB.
pub const HASHING_THREADS: usize = 2;
const SALT_LEN: usize = 16;

thread_local! {
    /// This thread's argon2 memory, allocated on first use and reused afterwards.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// Runs argon2 over this thread's memory (grown when a stored hash asks for more).
fn argon2_into(
    argon: &Argon2,
    params: &Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> argon2::Result<()> {
    MEMORY.with(|m| {
        let mut memory = m.borrow_mut();
        let need = params.block_count();
        if memory.len() < need {
            memory.resize(need, Block::new());
        }
        argon.hash_password_into_with_memory(password, salt, out, &mut memory[..need])
    })
}

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) for a new password.
pub fn hash_now(password: &str) -> Result<String, String> {
    let params = Params::DEFAULT;
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut salt = [0u8; SALT_LEN];
    getrandom::fill(&mut salt).map_err(|e| format!("random salt: {e}"))?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    argon2_into(&argon, &params, password.as_bytes(), &salt, &mut out)
        .map_err(|e| format!("hashing a password: {e}"))?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(Salt::new(&salt).map_err(|e| e.to_string())?),
        hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches a stored PHC string (false for anything unparsable).
pub fn verify_now(password: &str, stored: &str) -> bool {
    let check = || -> Option<bool> {
        let phc = PasswordHash::new(stored).ok()?;
        let algorithm = Algorithm::try_from(phc.algorithm.as_str()).ok()?;
        let version = phc
            .version
            .map(Version::try_from)
            .transpose()
            .ok()?
            .unwrap_or_default();
        let params = Params::try_from(&phc).ok()?;
        let expected = phc.hash?;
        let salt = phc.salt?;
        let argon = Argon2::new(algorithm, version, params.clone());
        let mut out = vec![0u8; expected.len()];
        argon2_into(
            &argon,
            &params,
            password.as_bytes(),
            salt.as_ref(),
            &mut out,
        )
        .ok()?;
        // Output's equality is constant-time.
        Some(Output::new(&out).ok()? == expected)
    };
    check().unwrap_or(false)
}

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads. Jobs queue in arrival order; the threads end when the pool is dropped.
pub struct HashPool {
    tx: Mutex<mpsc::Sender<Job>>,
}

impl HashPool {
    pub fn start() -> HashPool {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for n in 0..HASHING_THREADS {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("internreel-hash-{n}"))
                .spawn(move || {
                    loop {
                        let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => break,
                        }
                    }
                })
                .expect("spawning a password hashing thread");
        }
        HashPool { tx: Mutex::new(tx) }
    }

    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (otx, orx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = otx.send(f());
        });
        self.tx
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(job)
            .ok()?;
        orx.await.ok()
    }

    pub async fn hash(&self, password: String) -> Result<String, String> {
        self.run(move || hash_now(&password))
            .await
            .unwrap_or_else(|| Err("the hashing threads have stopped".into()))
    }

    pub async fn verify(&self, password: String, stored: String) -> Result<bool, String> {
        self.run(move || verify_now(&password, &stored))
            .await
            .ok_or_else(|| "the hashing threads have stopped".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordVerifier;

    #[test]
    fn hashes_verify_both_ways_with_the_argon2_crate() {
        let ours = hash_now("correct horse").unwrap();
        assert!(ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify_now("correct horse", &ours));
        assert!(!verify_now("wrong horse", &ours));
        // The crate's own verifier accepts ours, and ours accepts the crate's.
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        let theirs = argon2::PasswordHasher::hash_password(&Argon2::default(), b"pin123456")
            .unwrap()
            .to_string();
        assert!(verify_now("pin123456", &theirs));
        assert!(!verify_now("pin123457", &theirs));
        assert!(!verify_now("x", "not a hash"));
    }
}
