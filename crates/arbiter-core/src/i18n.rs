//! Translations: one catalogue of German and English texts (Project Fluent).
//!
//! Every word the console, the report and the rules engine show comes from `.ftl` files compiled
//! in with `include_str!`: the core's own in `crates/arbiter-core/i18n/{de,en}/*.ftl` (rules
//! explanations, intervention kinds, report texts, colour and team names, …), the screens' in
//! `crates/arbiter-tui/i18n/{de,en}/ui.ftl`. A [`Catalogue`] is built from one or more
//! [`Resource`]s per language; [`core_catalogue`] holds the core's.
//!
//! Code never carries a sentence: it names a message and its arguments ([`Msg`], built with
//! [`msg!`](crate::msg)), and whoever shows it formats it in the reader's language with
//! [`Catalogue::format`]. A message missing at run time shows its id (and the tests make sure
//! no id used in code is missing in either language); nothing here panics.

#[cfg(feature = "test-support")]
pub mod source;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::{Color, TeamSide};

/// The language of the console and the report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    De,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// The BCP 47 code: "de", "en".
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The other language (the console's `L` key).
    pub fn other(self) -> Lang {
        match self {
            Lang::De => Lang::En,
            Lang::En => Lang::De,
        }
    }

    fn index(self) -> usize {
        match self {
            Lang::De => 0,
            Lang::En => 1,
        }
    }
}

/// One argument of a message. Words (colours, teams, nested messages) are formatted in the
/// reader's language when the message is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// Text shown as it is (a name, a time of day, an article, a result).
    Text(String),
    /// A number (Fluent may select a plural form by it).
    Int(i64),
    /// "White" / "Weiß".
    #[serde(with = "crate::model::colour")]
    Colour(Color),
    /// "home" / "Heim".
    Team(TeamSide),
    /// A duration as the arbiter says it ("2 min", "30 s"), milliseconds.
    DurationMs(u64),
    /// Another message (a whole clause or sentence), formatted in the same language.
    Msg(Box<Msg>),
    /// Several arguments, formatted and joined with `sep`.
    List {
        sep: Cow<'static, str>,
        items: Vec<Arg>,
    },
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_arg!(u8, u16, u32, u64, usize, i32, i64);
impl From<Color> for Arg {
    fn from(c: Color) -> Arg {
        Arg::Colour(c)
    }
}
impl From<TeamSide> for Arg {
    fn from(t: TeamSide) -> Arg {
        Arg::Team(t)
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}
impl From<crate::model::BoardNo> for Arg {
    fn from(b: crate::model::BoardNo) -> Arg {
        Arg::Int(i64::from(b.0))
    }
}
impl From<crate::model::GameResult> for Arg {
    fn from(r: crate::model::GameResult) -> Arg {
        Arg::Text(r.notation().to_string())
    }
}

impl Arg {
    /// Items joined with ", ".
    pub fn list(items: impl IntoIterator<Item = impl Into<Arg>>) -> Arg {
        Arg::List {
            sep: Cow::Borrowed(", "),
            items: items.into_iter().map(Into::into).collect(),
        }
    }

    /// Items joined with `sep`.
    pub fn joined(sep: &'static str, items: impl IntoIterator<Item = impl Into<Arg>>) -> Arg {
        Arg::List {
            sep: Cow::Borrowed(sep),
            items: items.into_iter().map(Into::into).collect(),
        }
    }
}

/// A message of the catalogue with its arguments: what the code says instead of a sentence.
/// Serialized as `{"id": "...", "args": {"name": value, ...}}` (arguments in the order given).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Msg {
    pub id: Cow<'static, str>,
    #[serde(
        default,
        serialize_with = "args_as_map",
        deserialize_with = "args_from_map",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

type Args = Vec<(Cow<'static, str>, Arg)>;

fn args_as_map<S: Serializer>(args: &Args, s: S) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(args.len()))?;
    for (k, v) in args {
        m.serialize_entry(k, v)?;
    }
    m.end()
}

fn args_from_map<'de, D: Deserializer<'de>>(d: D) -> Result<Args, D::Error> {
    struct Visit;
    impl<'de> Visitor<'de> for Visit {
        type Value = Args;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map of message arguments")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Args, A::Error> {
            let mut out = Vec::new();
            while let Some((k, v)) = map.next_entry::<String, Arg>()? {
                out.push((Cow::Owned(k), v));
            }
            Ok(out)
        }
    }
    d.deserialize_map(Visit)
}

impl Msg {
    pub fn new(id: &'static str) -> Msg {
        Msg {
            id: Cow::Borrowed(id),
            args: Vec::new(),
        }
    }

    /// Adds an argument (the message names it `$name`).
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    /// No message (formats as the empty string).
    pub fn is_empty(&self) -> bool {
        self.id.is_empty()
    }
}

/// A [`Msg`]: `msg!("rules-flag", player = Color::White, outcome = other_msg)`.
///
/// The id must be a string literal and every argument `name = value`: the test suite reads
/// these from the source and checks each against both languages of the catalogue.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Msg::new($id)$(.arg(stringify!($name), $value))*
    };
}

/// One `.ftl` source of a catalogue.
#[derive(Debug, Clone, Copy)]
pub struct Resource {
    pub lang: Lang,
    /// For error messages, e.g. "arbiter-core/i18n/de/rules.ftl".
    pub name: &'static str,
    pub source: &'static str,
}

type Bundle = FluentBundle<FluentResource>;

/// German and English messages from one or more Fluent resources per language.
pub struct Catalogue {
    bundles: [Bundle; 2],
    /// Message ids per language, sorted.
    ids: [Vec<String>; 2],
    /// The variables each message uses, per language.
    vars: [BTreeMap<String, BTreeSet<String>>; 2],
    errors: Vec<String>,
}

impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogue")
            .field("ids", &self.ids)
            .field("errors", &self.errors)
            .finish()
    }
}

fn new_bundle(lang: Lang) -> Bundle {
    let id = lang.code().parse().unwrap_or_default();
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks: a terminal or a PDF would show them.
    b.set_use_isolating(false);
    b
}

impl Catalogue {
    /// Builds a catalogue. A resource that does not parse, or a message defined twice, is kept
    /// as far as it goes and reported by [`Catalogue::errors`] (the tests require none).
    pub fn new<'a>(resources: impl IntoIterator<Item = &'a Resource>) -> Catalogue {
        let mut c = Catalogue {
            bundles: [new_bundle(Lang::De), new_bundle(Lang::En)],
            ids: [Vec::new(), Vec::new()],
            vars: [BTreeMap::new(), BTreeMap::new()],
            errors: Vec::new(),
        };
        for r in resources {
            let res = match FluentResource::try_new(r.source.to_string()) {
                Ok(res) => res,
                Err((res, errs)) => {
                    for e in errs {
                        c.errors.push(format!("{}: {e:?}", r.name));
                    }
                    res
                }
            };
            let i = r.lang.index();
            for entry in res.entries() {
                if let ast::Entry::Message(m) = entry {
                    let mut vars = BTreeSet::new();
                    if let Some(p) = &m.value {
                        pattern_vars(p, &mut vars);
                    }
                    c.ids[i].push(m.id.name.to_string());
                    c.vars[i].insert(m.id.name.to_string(), vars);
                }
            }
            if let Err(errs) = c.bundles[i].add_resource(res) {
                for e in errs {
                    c.errors.push(format!("{}: {e:?}", r.name));
                }
            }
        }
        for ids in &mut c.ids {
            ids.sort();
            ids.dedup();
        }
        c
    }

    /// Problems found while building: parse errors, messages defined twice.
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// Every message id of a language, sorted.
    pub fn ids(&self, lang: Lang) -> &[String] {
        &self.ids[lang.index()]
    }

    /// Whether a language has the message.
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundles[lang.index()].has_message(id)
    }

    /// The variables (`$name`) a message uses in a language.
    pub fn variables(&self, lang: Lang, id: &str) -> Option<&BTreeSet<String>> {
        self.vars[lang.index()].get(id)
    }

    /// A message without arguments. A missing message shows its id.
    pub fn text(&self, lang: Lang, id: &str) -> String {
        self.format_id(lang, id, &[], &mut Vec::new())
    }

    /// A message with its arguments. A missing message shows its id; the empty message is the
    /// empty string.
    pub fn format(&self, lang: Lang, m: &Msg) -> String {
        self.format_id(lang, &m.id, &m.args, &mut Vec::new())
    }

    /// Like [`Catalogue::format`], but every problem (a missing message, a missing argument,
    /// nested too) is an error: for the tests (feature `test-support`).
    #[cfg(feature = "test-support")]
    pub fn try_format(&self, lang: Lang, m: &Msg) -> Result<String, Vec<String>> {
        let mut errors = Vec::new();
        let s = self.format_id(lang, &m.id, &m.args, &mut errors);
        if errors.is_empty() {
            Ok(s)
        } else {
            Err(errors)
        }
    }

    fn format_id(
        &self,
        lang: Lang,
        id: &str,
        args: &[(Cow<'static, str>, Arg)],
        errors: &mut Vec<String>,
    ) -> String {
        if id.is_empty() {
            return String::new();
        }
        let bundle = &self.bundles[lang.index()];
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            errors.push(format!("{}: no message {id:?}", lang.code()));
            return id.to_string();
        };
        let mut fargs = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            match value {
                Arg::Int(n) => fargs.set(name.as_ref(), FluentValue::from(*n)),
                other => fargs.set(name.as_ref(), self.arg_text(lang, other, errors)),
            }
        }
        let mut errs = Vec::new();
        let s = bundle.format_pattern(pattern, Some(&fargs), &mut errs);
        errors.extend(
            errs.into_iter()
                .map(|e| format!("{}: {id}: {e:?}", lang.code())),
        );
        s.into_owned()
    }

    fn arg_text(&self, lang: Lang, a: &Arg, errors: &mut Vec<String>) -> String {
        match a {
            Arg::Text(s) => s.clone(),
            Arg::Int(n) => n.to_string(),
            Arg::Colour(c) => self.format_id(lang, colour(*c), &[], errors),
            Arg::Team(t) => self.format_id(lang, team(*t), &[], errors),
            Arg::DurationMs(ms) => crate::model::short_duration(*ms),
            Arg::Msg(m) => self.format_id(lang, &m.id, &m.args, errors),
            Arg::List { sep, items } => items
                .iter()
                .map(|i| self.arg_text(lang, i, errors))
                .collect::<Vec<_>>()
                .join(sep.as_ref()),
        }
    }
}

fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, out),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, out),
        _ => {}
    }
}

/// The core's resources: rules explanations, intervention kinds, report texts, words.
pub const CORE_RESOURCES: &[Resource] = &[
    Resource {
        lang: Lang::De,
        name: "arbiter-core/i18n/de/core.ftl",
        source: include_str!("../i18n/de/core.ftl"),
    },
    Resource {
        lang: Lang::De,
        name: "arbiter-core/i18n/de/rules.ftl",
        source: include_str!("../i18n/de/rules.ftl"),
    },
    Resource {
        lang: Lang::De,
        name: "arbiter-core/i18n/de/report.ftl",
        source: include_str!("../i18n/de/report.ftl"),
    },
    Resource {
        lang: Lang::En,
        name: "arbiter-core/i18n/en/core.ftl",
        source: include_str!("../i18n/en/core.ftl"),
    },
    Resource {
        lang: Lang::En,
        name: "arbiter-core/i18n/en/rules.ftl",
        source: include_str!("../i18n/en/rules.ftl"),
    },
    Resource {
        lang: Lang::En,
        name: "arbiter-core/i18n/en/report.ftl",
        source: include_str!("../i18n/en/report.ftl"),
    },
];

/// The core's catalogue ([`CORE_RESOURCES`]), built once.
/// A citation in the reader's language: the FIDE Guidelines are the "Richtlinien" in German
/// ("FIDE 2023 Richtlinien III.4"); everything else (articles, the names of regulations) is
/// cited as it stands.
pub fn citation(lang: Lang, s: &str) -> String {
    match lang {
        Lang::De => s.replace("Guidelines ", "Richtlinien "),
        Lang::En => s.to_string(),
    }
}

pub fn core_catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::new(CORE_RESOURCES))
}

/// A message in English from the core catalogue: for the texts the journal keeps (a
/// consequence's summary), which are English whatever the console's language.
pub fn english(m: &Msg) -> String {
    core_catalogue().format(Lang::En, m)
}

// The words for the core's types: message ids.

/// "White" / "Weiß".
pub fn colour(c: Color) -> &'static str {
    if c.is_white() {
        "colour-white"
    } else {
        "colour-black"
    }
}

/// "home" / "Heim".
pub fn team(t: TeamSide) -> &'static str {
    match t {
        TeamSide::Home => "team-home",
        TeamSide::Away => "team-away",
    }
}
