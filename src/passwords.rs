//! Password hashing (argon2id, OWASP parameters) on a fixed pool of threads. Allocating
//! argon2's 19 MiB per hash, on whichever blocking thread ran it, left every thread's malloc
//! arena holding its own copy: 64 sign-ins grew the server by ~150 MB that it never gave back.
//! Here the memory is bounded by the pool (`HASHING_THREADS` × 19 MiB, whatever the number of
//! concurrent sign-ins), is mapped straight from the kernel rather than the allocator, kept
//! while sign-ins queue, and unmapped when the queue is empty, so an idle server holds none.

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use memmap2::MmapMut;

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// Hashes at once; each holds `Params::DEFAULT.block_count()` KiB.
pub const HASHING_THREADS: usize = 2;
const SALT_LEN: usize = 16;

thread_local! {
    /// This thread's argon2 memory: an anonymous mapping, so that dropping it returns the
    /// pages to the kernel at once (mimalloc keeps freed pages of this size mapped).
    static MEMORY: RefCell<Option<MmapMut>> = const { RefCell::new(None) };
}

/// Runs argon2 over this thread's memory (mapped, or mapped larger, when needed).
fn argon2_into(
    argon: &Argon2,
    params: &Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), String> {
    MEMORY.with(|m| {
        let mut memory = m.borrow_mut();
        let need = params.block_count();
        let bytes = need * std::mem::size_of::<Block>();
        if memory.as_ref().is_none_or(|map| map.len() < bytes) {
            *memory = None;
            *memory = Some(MmapMut::map_anon(bytes).map_err(|e| format!("argon2 memory: {e}"))?);
        }
        let map = memory.as_mut().ok_or("argon2 memory")?;
        // SAFETY: the mapping is page-aligned (more than Block's 64 bytes), at least `need`
        // blocks long, and a Block is plain u64s, for which any bytes are valid; the slice
        // borrows the mapping mutably and ends with this call.
        let blocks =
            unsafe { std::slice::from_raw_parts_mut(map.as_mut_ptr().cast::<Block>(), need) };
        argon
            .hash_password_into_with_memory(password, salt, out, blocks)
            .map_err(|e| e.to_string())
    })
}

/// Unmaps this thread's argon2 memory.
fn release_memory() {
    MEMORY.with(|m| m.borrow_mut().take());
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
    /// Jobs sent and not yet finished: a thread that finishes one with fewer than
    /// `HASHING_THREADS` left unmaps its memory.
    pending: Arc<AtomicUsize>,
    /// Password checks run (against real hashes and the stand-in alike).
    verifications: AtomicUsize,
}

/// A hash with the real parameters that no password is checked against but a sign-in for an
/// unknown e-mail: the answer then takes as long as for a known one (no account enumeration).
fn stand_in_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| hash_now("no account is behind this hash").unwrap_or_default())
}

impl HashPool {
    pub fn start() -> HashPool {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let pending = Arc::new(AtomicUsize::new(0));
        for n in 0..HASHING_THREADS {
            let (rx, pending) = (rx.clone(), pending.clone());
            std::thread::Builder::new()
                .name(format!("internreel-hash-{n}"))
                .spawn(move || {
                    loop {
                        let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => break,
                        }
                        // Fewer jobs left than threads: this thread may get none of them (and
                        // would then wait holding its memory), so it lets its memory go.
                        if pending.fetch_sub(1, Ordering::AcqRel) <= HASHING_THREADS {
                            release_memory();
                        }
                    }
                    release_memory();
                })
                .expect("spawning a password hashing thread");
        }
        HashPool {
            tx: Mutex::new(tx),
            pending,
            verifications: AtomicUsize::new(0),
        }
    }

    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (otx, orx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = otx.send(f());
        });
        self.pending.fetch_add(1, Ordering::AcqRel);
        if self
            .tx
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(job)
            .is_err()
        {
            self.pending.fetch_sub(1, Ordering::AcqRel);
            return None;
        }
        orx.await.ok()
    }

    pub async fn hash(&self, password: String) -> Result<String, String> {
        self.run(move || hash_now(&password))
            .await
            .unwrap_or_else(|| Err("the hashing threads have stopped".into()))
    }

    pub async fn verify(&self, password: String, stored: String) -> Result<bool, String> {
        self.verifications.fetch_add(1, Ordering::Relaxed);
        self.run(move || verify_now(&password, &stored))
            .await
            .ok_or_else(|| "the hashing threads have stopped".into())
    }

    /// The same work as `verify` for a sign-in whose e-mail has no account; always false.
    pub async fn verify_absent(&self, password: String) -> Result<bool, String> {
        self.verifications.fetch_add(1, Ordering::Relaxed);
        self.run(move || {
            let _ = verify_now(&password, stand_in_hash());
            false
        })
        .await
        .ok_or_else(|| "the hashing threads have stopped".into())
    }

    /// Password checks run so far.
    pub fn verifications(&self) -> usize {
        self.verifications.load(Ordering::Relaxed)
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

    /// The pool unmaps its memory between bursts and maps it again for the next one.
    #[test]
    fn the_pool_hashes_again_after_releasing_its_memory() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let pool = HashPool::start();
        rt.block_on(async {
            for round in 0..2 {
                let burst = (0..3).map(|n| pool.hash(format!("password {round} {n}")));
                let hashes = futures_util::future::join_all(burst).await;
                for (n, h) in hashes.into_iter().enumerate() {
                    let h = h.unwrap();
                    let ok = pool.verify(format!("password {round} {n}"), h).await;
                    assert_eq!(ok, Ok(true));
                }
            }
        });
    }
}
