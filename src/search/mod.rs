//! Full-text search over postings and external jobs (tantivy). redb is the source of truth:
//! the index can always be rebuilt from it, and is at start-up when it is missing, of another
//! layout, or behind the store (see `SEARCH_GEN` below).

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::Context;
use tantivy::collector::TopDocs;
use tantivy::merge_policy::{LogMergePolicy, NoMergePolicy};
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{FAST, Field, INDEXED, IndexRecordOption, STORED, STRING, Schema, TEXT};
use tantivy::{
    Index, IndexReader, IndexWriter, ReloadPolicy, Searcher, TantivyDocument, Term, doc,
};

use crate::cache::{Bounds, Versioned};
use crate::store::external_jobs::ExternalJob;
use crate::store::internships::{Internship, Requirements};
use crate::store::{Reader, Store, StoreResult, Wtx, meta};

/// Bump when the schema or the analysis changes: the index is then rebuilt.
const INDEX_LAYOUT: &str = "internreel-search-v1";
/// The meta key of the store's search generation, bumped in every transaction that changes
/// searchable content; an index committed with an older generation is rebuilt at start-up.
pub const SEARCH_GEN: &str = "search_gen";

const KIND_INTERNSHIP: &str = "i";
const KIND_JOB: &str = "j";
/// Postings and jobs share the id field; job ids carry the top bit so the two never collide.
const JOB_BIT: u64 = 1 << 63;

struct Fields {
    id: Field,
    kind: Field,
    title: Field,
    company: Field,
    body: Field,
    location: Field,
}

pub struct SearchIndex {
    index: Index,
    reader: IndexReader,
    writer: Mutex<(IndexWriter, i64)>,
    f: Fields,
    /// Bumped after every reload of the reader: the version of `hits`.
    reloads: AtomicU64,
    /// The ids a search found, by what was asked, until the index changes: students search
    /// the same few words, and scoring every match of a common word is most of a search.
    hits: Versioned<Asked, Arc<Vec<u64>>>,
}

/// A search as asked: the kind (None: any), its words joined by spaces, how many hits.
type Asked = (Option<&'static str>, String, usize);

/// Searches whose ids are kept, and their total size (8 bytes an id).
const HITS: Bounds = Bounds::entries(4096).bytes(16 << 20);

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let f = Fields {
        id: b.add_u64_field("id", INDEXED | STORED | FAST),
        kind: b.add_text_field("kind", STRING),
        title: b.add_text_field("title", TEXT),
        company: b.add_text_field("company", TEXT),
        body: b.add_text_field("body", TEXT),
        location: b.add_text_field("location", TEXT),
    };
    (b.build(), f)
}

/// The postings generation: how many commits changed what the index holds.
pub fn generation(r: &impl crate::store::Reader) -> StoreResult<i64> {
    Ok(meta::get_i64(r, SEARCH_GEN)?.unwrap_or(0))
}

/// Bumps the search generation inside a write transaction that changes searchable content.
pub fn bump_generation(w: &Wtx) -> StoreResult<i64> {
    let g = meta::get_i64(w, SEARCH_GEN)?.unwrap_or(0) + 1;
    meta::set_i64(w, SEARCH_GEN, g)?;
    Ok(g)
}

/// Longer indexed words of `field` that start with `prefix` (for the word being typed), the
/// most frequent first and at most `COMPLETIONS` of them.
fn completions(searcher: &Searcher, field: Field, prefix: &str) -> anyhow::Result<Vec<Term>> {
    let mut found: std::collections::HashMap<Vec<u8>, u32> = std::collections::HashMap::new();
    for segment in searcher.segment_readers() {
        let index = segment.inverted_index(field)?;
        let mut terms = index.terms().range().ge(prefix.as_bytes()).into_stream()?;
        while terms.advance() {
            let word = terms.key();
            if !word.starts_with(prefix.as_bytes()) {
                break;
            }
            if word.len() > prefix.len() {
                *found.entry(word.to_vec()).or_default() += terms.value().doc_freq;
            }
        }
    }
    let mut found: Vec<(Vec<u8>, u32)> = found.into_iter().collect();
    found.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(found
        .into_iter()
        .take(COMPLETIONS)
        .filter_map(|(word, _)| String::from_utf8(word).ok())
        .map(|word| Term::from_field_text(field, &word))
        .collect())
}

/// Longer words a typed prefix stands for, per field.
const COMPLETIONS: usize = 32;

/// Lower-cased words, split like tantivy's default tokenizer.
pub fn words(q: &str) -> Vec<String> {
    q.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .take(12)
        .collect()
}

/// The store generation an index directory was last committed at, read without opening a
/// writer or rebuilding anything (None: no index there).
pub fn committed_generation(dir: &Path) -> Option<i64> {
    let index = Index::open_in_dir(dir).ok()?;
    index.load_metas().ok()?.payload?.parse().ok()
}

impl SearchIndex {
    /// Opens the index in `dir`, rebuilding it from the store when it cannot be trusted.
    pub fn open(dir: &Path, store: &Store) -> anyhow::Result<SearchIndex> {
        let layout_file = dir.join("LAYOUT");
        let trusted_layout =
            std::fs::read_to_string(&layout_file).ok().as_deref() == Some(INDEX_LAYOUT);
        if !trusted_layout && dir.exists() {
            std::fs::remove_dir_all(dir).context("while removing an outdated search index")?;
        }
        std::fs::create_dir_all(dir)?;
        let (schema, f) = schema();
        let index = Index::open_or_create(
            tantivy::directory::MmapDirectory::open(dir)
                .context("while opening the search index")?,
            schema,
        )?;
        let writer = index.writer(15_000_000)?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let search = SearchIndex {
            index,
            reader,
            writer: Mutex::new((writer, 0)),
            f,
            reloads: AtomicU64::new(0),
            hits: Versioned::new(HITS),
        };
        std::fs::write(&layout_file, INDEX_LAYOUT)?;
        let r = store.read()?;
        let stored_gen = meta::get_i64(&r, SEARCH_GEN)?.unwrap_or(0);
        let index_gen = search
            .index
            .load_metas()?
            .payload
            .and_then(|p| p.parse::<i64>().ok());
        if index_gen != Some(stored_gen) {
            tracing::info!(
                ?index_gen,
                stored_gen,
                "rebuilding the search index from the store"
            );
            search.rebuild(&r, stored_gen)?;
        } else {
            search.writer.lock().unwrap_or_else(|e| e.into_inner()).1 = stored_gen;
        }
        Ok(search)
    }

    fn internship_doc(&self, i: &Internship) -> TantivyDocument {
        let req = match &i.requirements {
            Requirements::Text(t) => t.clone(),
            Requirements::List(l) => l.join(" "),
        };
        let body = format!(
            "{} {} {} {} {} {}",
            i.description,
            req,
            i.skills.join(" "),
            i.tags.join(" "),
            i.industry,
            i.work_style
        );
        doc!(
            self.f.id => i.id,
            self.f.kind => KIND_INTERNSHIP,
            self.f.title => i.title.clone(),
            self.f.company => i.company.clone(),
            self.f.body => body,
            self.f.location => i.location.clone(),
        )
    }

    fn job_doc(&self, j: &ExternalJob) -> TantivyDocument {
        doc!(
            self.f.id => j.id | JOB_BIT,
            self.f.kind => KIND_JOB,
            self.f.title => j.title.clone(),
            self.f.company => j.company_name.clone(),
            self.f.body => format!("{} {} {}", j.department, j.commitment, j.description_plain),
            self.f.location => j.location.clone(),
        )
    }

    fn key(&self, kind: &str, id: u64) -> Term {
        let id = if kind == KIND_JOB { id | JOB_BIT } else { id };
        Term::from_field_u64(self.f.id, id)
    }

    /// Replaces the whole index with the store's live postings and jobs.
    pub fn rebuild(&self, r: &impl Reader, generation: i64) -> anyhow::Result<()> {
        let mut guard = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let (writer, current) = &mut *guard;
        // No merges of its own while it builds: the writer's policy merges a large build's
        // segments in the background as they are committed, and the one merge below of every
        // segment fails if another merge took some of them first (seen seeding 1,000,000).
        writer.set_merge_policy(Box::new(NoMergePolicy));
        let built = self.build(writer, r, generation);
        writer.set_merge_policy(Box::new(LogMergePolicy::default()));
        built?;
        *current = generation;
        drop(guard);
        self.reload()
    }

    fn build(
        &self,
        writer: &mut IndexWriter,
        r: &impl Reader,
        generation: i64,
    ) -> anyhow::Result<()> {
        writer.delete_all_documents()?;
        for i in r.scan_rev::<Internship>(|_| true)? {
            if i.is_public() {
                writer.add_document(self.internship_doc(&i))?;
            }
        }
        for j in r.scan_rev::<ExternalJob>(|_| true)? {
            writer.add_document(self.job_doc(&j))?;
        }
        let mut commit = writer.prepare_commit()?;
        commit.set_payload(&generation.to_string());
        commit.commit()?;
        // A bulk build leaves several segments; every search pays for each (term dictionary
        // walks for prefixes and typos), so they are merged into one.
        let segments = self.index.searchable_segment_ids()?;
        if segments.len() > 1 {
            writer.merge(&segments).wait()?;
        }
        Ok(())
    }

    /// Applies changes (upserts and removals) and commits them with the store's generation.
    pub fn apply(
        &self,
        generation: i64,
        internships: &[Internship],
        jobs: &[ExternalJob],
        removed_jobs: &[u64],
    ) -> anyhow::Result<()> {
        let mut guard = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let (writer, current) = &mut *guard;
        for i in internships {
            writer.delete_term(self.key(KIND_INTERNSHIP, i.id));
            if i.is_public() {
                writer.add_document(self.internship_doc(i))?;
            }
        }
        for j in jobs {
            writer.delete_term(self.key(KIND_JOB, j.id));
            writer.add_document(self.job_doc(j))?;
        }
        for id in removed_jobs {
            writer.delete_term(self.key(KIND_JOB, *id));
        }
        let generation = generation.max(*current);
        let mut commit = writer.prepare_commit()?;
        commit.set_payload(&generation.to_string());
        commit.commit()?;
        *current = generation;
        drop(guard);
        self.reload()
    }

    /// Makes the last commit searchable and retires the kept hits.
    fn reload(&self) -> anyhow::Result<()> {
        self.reader.reload()?;
        self.reloads.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// `search`, answered from the kept hits when the same was asked since the last change.
    fn search_kept(
        &self,
        kind: Option<&'static str>,
        q: &str,
        limit: usize,
    ) -> anyhow::Result<Arc<Vec<u64>>> {
        // Read first: hits found on an older reader are kept under an older version only.
        let version = self.reloads.load(Ordering::SeqCst);
        let key = (kind, words(q).join(" "), limit);
        if let Some(hits) = self.hits.get(version, &key) {
            return Ok(hits);
        }
        let hits = Arc::new(self.search(kind, q, limit)?);
        let size = hits.len() * 8 + key.1.len() + 64;
        self.hits.keep(version, key, hits.clone(), size);
        Ok(hits)
    }

    /// Ids of matching documents of a kind, best first. Every word must match (in any field);
    /// the last word (2+ letters) also matches as a prefix (through its `COMPLETIONS` most
    /// frequent longer words per field); words of 5+ letters that are not in the index
    /// tolerate one typo.
    /// With `kind` None every kind matches; the ids keep their `JOB_BIT`.
    fn search(&self, kind: Option<&str>, q: &str, limit: usize) -> anyhow::Result<Vec<u64>> {
        let words = words(q);
        if words.is_empty() {
            return Ok(Vec::new());
        }
        let fields = [
            (self.f.title, 3.0),
            (self.f.company, 2.0),
            (self.f.body, 1.0),
            (self.f.location, 1.0),
        ];
        let mut must: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        if let Some(kind) = kind {
            must.push((
                Occur::Must,
                Box::new(TermQuery::new(
                    Term::from_field_text(self.f.kind, kind),
                    IndexRecordOption::Basic,
                )),
            ));
        }
        let searcher = self.reader.searcher();
        let last = words.len() - 1;
        let mut per_word: Vec<Box<dyn Query>> = Vec::with_capacity(words.len());
        for (n, w) in words.iter().enumerate() {
            // Typos are looked for only when the word itself is not in the index: a known word
            // means what it says, and the fuzzy walks are most of a search's cost.
            let known = fields.iter().any(|(field, _)| {
                searcher
                    .doc_freq(&Term::from_field_text(*field, w))
                    .is_ok_and(|n| n > 0)
            });
            let mut any: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            let scored = |term: Term, boost: f32| -> (Occur, Box<dyn Query>) {
                (
                    Occur::Should,
                    Box::new(BoostQuery::new(
                        Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
                        boost,
                    )),
                )
            };
            for (field, boost) in fields {
                let term = Term::from_field_text(field, w);
                any.push(scored(term.clone(), boost));
                // One letter would expand to a good part of the dictionary. The longer words
                // are term queries, not a prefix automaton: a union of term queries alone is
                // what tantivy's block-max WAND can prune (a one-word search skips most
                // matches instead of scoring each).
                if n == last && w.chars().count() >= 2 {
                    for longer in completions(&searcher, field, w)? {
                        any.push(scored(longer, boost * 0.5));
                    }
                }
                if !known && w.chars().count() >= 5 {
                    any.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(
                            Box::new(FuzzyTermQuery::new(term, 1, true)),
                            boost * 0.3,
                        )),
                    ));
                }
            }
            per_word.push(Box::new(BooleanQuery::new(any)));
        }
        // One word and no kind: its union is the query itself (wrapped in a Must, tantivy
        // would not prune it).
        let query: Box<dyn Query> = if must.is_empty() && per_word.len() == 1 {
            per_word.remove(0)
        } else {
            must.extend(per_word.into_iter().map(|q| (Occur::Must, q)));
            Box::new(BooleanQuery::new(must))
        };
        let top = searcher.search(&*query, &TopDocs::with_limit(limit).order_by_score())?;
        // Ids come from the fast field (a column read), not from stored documents; each
        // segment's column is opened once.
        let mut columns = std::collections::HashMap::new();
        let mut ids = Vec::with_capacity(top.len());
        for (_, addr) in top {
            let column = match columns.entry(addr.segment_ord) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => e.insert(
                    searcher
                        .segment_reader(addr.segment_ord)
                        .fast_fields()
                        .u64("id")?,
                ),
            };
            ids.extend(column.first(addr.doc_id));
        }
        Ok(ids)
    }

    /// Postings are most of the index, so they are searched without the kind clause (whose
    /// intersection with a list of every posting cost a fifth of a search) and jobs dropped
    /// from the hits; only when jobs crowd postings out is the search repeated with it.
    pub fn internships(&self, q: &str, limit: usize) -> anyhow::Result<Vec<u64>> {
        let hits = self.search_kept(None, q, limit)?;
        let full = hits.len() == limit;
        let ids: Vec<u64> = hits
            .iter()
            .copied()
            .filter(|id| id & JOB_BIT == 0)
            .collect();
        if full && ids.len() < limit {
            return Ok(self.search_kept(Some(KIND_INTERNSHIP), q, limit)?.to_vec());
        }
        Ok(ids)
    }

    pub fn jobs(&self, q: &str, limit: usize) -> anyhow::Result<Vec<u64>> {
        Ok(self
            .search_kept(Some(KIND_JOB), q, limit)?
            .iter()
            .map(|id| id & !JOB_BIT)
            .collect())
    }

    /// The store generation the index was last committed at (equal to the store's: current).
    pub fn generation(&self) -> i64 {
        self.writer.lock().unwrap_or_else(|e| e.into_inner()).1
    }

    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }
}
