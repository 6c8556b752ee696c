//! A school sign-in provider's client: its discovery document (kept a few minutes for
//! starts, so a burst of starts costs the provider one request) and our HTTP client
//! (reqwest over rustls, no redirects followed) for the `openidconnect` crate's calls. `sso add`
//! and `doctor` check a provider through the same fetch (`discover`, `discover_blocking`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use openidconnect::core::{CoreClient, CoreProviderMetadata};
use openidconnect::{ClientId, ClientSecret, IssuerUrl, RedirectUrl};

use crate::error::{AppError, AppResult};
use crate::store::sso::Provider;

/// How long a provider may take to answer one request.
const PROVIDER_TIMEOUT: Duration = Duration::from_secs(10);

/// The HTTP client the crate's requests go through: ours (rustls), no redirects followed.
fn http_client() -> AppResult<reqwest::Client> {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(PROVIDER_TIMEOUT)
        .build()
        .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))
}

/// The crate's request, sent with reqwest 0.13 (the crate's own adapter is for 0.12).
pub async fn send(
    client: reqwest::Client,
    req: openidconnect::HttpRequest,
) -> Result<openidconnect::HttpResponse, reqwest::Error> {
    let (parts, body) = req.into_parts();
    let res = client
        .request(parts.method, parts.uri.to_string())
        .headers(parts.headers)
        .body(body)
        .send()
        .await?;
    let mut out = openidconnect::http::Response::builder().status(res.status());
    for (k, v) in res.headers() {
        out = out.header(k, v);
    }
    let bytes = res.bytes().await?;
    Ok(out
        .body(bytes.to_vec())
        .expect("a response built from a valid one"))
}

pub type Client = openidconnect::Client<
    openidconnect::EmptyAdditionalClaims,
    openidconnect::core::CoreAuthDisplay,
    openidconnect::core::CoreGenderClaim,
    openidconnect::core::CoreJweContentEncryptionAlgorithm,
    openidconnect::core::CoreJsonWebKey,
    openidconnect::core::CoreAuthPrompt,
    openidconnect::StandardErrorResponse<openidconnect::core::CoreErrorResponseType>,
    openidconnect::core::CoreTokenResponse,
    openidconnect::core::CoreTokenIntrospectionResponse,
    openidconnect::core::CoreRevocableToken,
    openidconnect::core::CoreRevocationErrorResponse,
    openidconnect::EndpointSet,
    openidconnect::EndpointNotSet,
    openidconnect::EndpointNotSet,
    openidconnect::EndpointNotSet,
    openidconnect::EndpointMaybeSet,
    openidconnect::EndpointMaybeSet,
>;

/// Whether the discovery document may come from the cache.
pub enum Fresh {
    /// As fetched within `DISCOVERY_TTL` (a sign-in's start: the authorization endpoint).
    Cached,
    /// Fetched now (the callback: the signing keys the ID token is checked with).
    Now,
}

/// How long a provider's discovery document is reused for starts.
const DISCOVERY_TTL: Duration = Duration::from_secs(5 * 60);

/// Discovery documents by issuer, each with when it was fetched. A handful of providers: the
/// map stays small (and is emptied should it ever grow past a few dozen issuers).
static DISCOVERED: Mutex<Option<HashMap<String, (Instant, CoreProviderMetadata)>>> =
    Mutex::new(None);

fn cached(issuer: &str) -> Option<CoreProviderMetadata> {
    let map = DISCOVERED.lock().unwrap_or_else(|e| e.into_inner());
    map.as_ref()?
        .get(issuer)
        .filter(|(at, _)| at.elapsed() < DISCOVERY_TTL)
        .map(|(_, m)| m.clone())
}

fn remember(issuer: &str, metadata: &CoreProviderMetadata) {
    let mut map = DISCOVERED.lock().unwrap_or_else(|e| e.into_inner());
    let map = map.get_or_insert_with(HashMap::new);
    if map.len() >= 64 {
        map.clear();
    }
    map.insert(issuer.to_string(), (Instant::now(), metadata.clone()));
}

/// The provider's client (from its discovery document) and the HTTP client for its calls.
pub async fn client(
    p: &Provider,
    redirect: &str,
    fresh: Fresh,
) -> Result<(Client, reqwest::Client), String> {
    let http = http_client().map_err(|e| e.to_string())?;
    let kept = match fresh {
        Fresh::Cached => cached(&p.issuer),
        Fresh::Now => None,
    };
    let metadata = match kept {
        Some(m) => m,
        None => discover_with(&http, &p.issuer).await?,
    };
    let redirect = RedirectUrl::new(redirect.to_string()).map_err(|e| e.to_string())?;
    let client = CoreClient::from_provider_metadata(
        metadata,
        ClientId::new(p.client_id.clone()),
        Some(ClientSecret::new(p.client_secret.clone())),
    )
    .set_redirect_uri(redirect);
    Ok((client, http))
}

/// Where the discovery document of `issuer` is.
pub fn discovery_url(issuer: &str) -> String {
    format!(
        "{}/.well-known/openid-configuration",
        issuer.trim_end_matches('/')
    )
}

/// The discovery document of `issuer` fetched now, as a sign-in fetches it (our client, the
/// crate's checks: JSON of the right shape, the issuer it names is `issuer`, its signing keys
/// fetched too), and kept for the next sign-in's start; or what failed, in a sentence that
/// names the URL.
pub async fn discover(issuer: &str) -> Result<CoreProviderMetadata, String> {
    let http = http_client().map_err(|e| e.to_string())?;
    discover_with(&http, issuer).await
}

async fn discover_with(
    http: &reqwest::Client,
    issuer: &str,
) -> Result<CoreProviderMetadata, String> {
    let issuer_url =
        IssuerUrl::new(issuer.to_string()).map_err(|e| format!("the issuer is not a URL: {e}"))?;
    // The URL of the request that failed: the discovery document's, or its keys'.
    let asked = std::sync::Arc::new(Mutex::new(discovery_url(issuer)));
    let (h, seen) = (http.clone(), asked.clone());
    let call = move |req: openidconnect::HttpRequest| {
        *seen.lock().unwrap_or_else(|e| e.into_inner()) = req.uri().to_string();
        send(h.clone(), req)
    };
    let m = CoreProviderMetadata::discover_async(issuer_url, &call)
        .await
        .map_err(|e| {
            let url = asked.lock().unwrap_or_else(|e| e.into_inner()).clone();
            describe(&url, e)
        })?;
    remember(issuer, &m);
    Ok(m)
}

/// A discovery failure as an operator reads it: what was asked, and what went wrong.
fn describe(url: &str, e: openidconnect::DiscoveryError<reqwest::Error>) -> String {
    use openidconnect::DiscoveryError as D;
    match e {
        D::Request(e) => {
            // The URL is said once, first.
            let e = e.without_url();
            let mut why = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                why.push_str(&format!(": {s}"));
                source = s.source();
            }
            format!("{url} could not be reached ({why})")
        }
        D::Response(status, _, msg) if status != reqwest::StatusCode::OK => {
            format!("{url} answered HTTP {status}, not the discovery document ({msg})")
        }
        D::Response(_, _, msg) => format!("{url} did not answer JSON ({msg})"),
        D::Parse(e) => format!("{url} is not an OpenID discovery document: {e}"),
        D::Validation(msg) => format!("{url}: issuer mismatch: {msg}"),
        D::UrlParse(e) => format!("{url}: not a URL: {e}"),
        D::Other(msg) => format!("{url}: {msg}"),
        other => format!("{url}: {other}"),
    }
}

/// `discover` for code that is not async (`sso add`, `doctor`): each issuer on a thread of
/// its own with a runtime of its own, all at once, so it works alike on the server's blocking
/// pool, in the CLI and under a test's runtime, and several providers take as long as one.
pub fn discover_blocking(issuers: &[String]) -> Vec<Result<CoreProviderMetadata, String>> {
    std::thread::scope(|scope| {
        let running: Vec<_> = issuers
            .iter()
            .map(|issuer| {
                scope.spawn(move || {
                    tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .map_err(|e| format!("starting the discovery check: {e}"))?
                        .block_on(discover(issuer))
                })
            })
            .collect();
        running
            .into_iter()
            .map(|t| {
                t.join()
                    .unwrap_or_else(|_| Err("the discovery check stopped unexpectedly".into()))
            })
            .collect()
    })
}
