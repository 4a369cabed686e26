// The native engine (docs/boruta.md#the-random-forest items 2–5, docs/boruta.md#performance): histogram trees written for Boruta's and SFC's
// workload of many small forests on pre-binned data.
//
// Why it is shaped this way:
// - The hessian is a constant h₀, so a histogram bin needs only (count, Σg); for classification Σg over a bin is
//   count/K − (count of class k), so bins hold two integers and every sum (and the subtraction trick) is exact.
// - Trees grow depth-first; with no leaf budget the result is the same as depth-wise growth, and only the
//   histograms on the current path are alive. With per-tree columns, a split builds the smaller child's
//   histogram and gets the larger one by subtracting it from the parent's.
// - Rows are partitioned in place (stably, so each node's rows stay ascending and gathers stay cache-friendly),
//   and a tree's rows are drawn by selection sampling, which yields them already sorted.
// - The split search visits only the occupied bins of a column (a bit map per column and node): deep nodes hold
//   far fewer rows than 255 bins, and an empty bin would only repeat the previous boundary.
// - Trees are grown in fixed blocks of rounds; each block sums its importances and margins in tree order and the
//   blocks are reduced in block order, so any thread count gives the same bits.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "featrel/rng.hpp"
#include "featrel/thread_pool.hpp"
#include "models/forest_detail.hpp"

namespace featrel::forest::detail {

namespace {

// A histogram bin for classification: rows in the low half of a word and rows of the tree's class in the high
// half, so that a row is one add and sums and differences of bins never carry between the halves (k ≤ n). Trees
// of at most 65,535 rows use 32-bit words: half the histogram memory, and a fit at 200 × 2,000 spends most of its
// time streaming histograms (SFC there: 6.8 → 5.9 s).
template <class Word>
struct ClassBinOf {
  static constexpr int kHalf = 4 * static_cast<int>(sizeof(Word));
  Word v = 0;
  std::uint32_t n() const { return static_cast<std::uint32_t>(v & ((Word{1} << kHalf) - 1)); }
  std::uint32_t k() const { return static_cast<std::uint32_t>(v >> kHalf); }
};
using ClassBin = ClassBinOf<std::uint64_t>;
using SmallClassBin = ClassBinOf<std::uint32_t>;

// A histogram bin for regression: Σg and rows.
struct RegBin {
  double g = 0.0;
  std::uint64_t v = 0;
  std::uint32_t n() const { return static_cast<std::uint32_t>(v); }
};

// Bit j set iff bin j of h[0..count) has rows (count ≤ 64).
std::uint64_t occupied(const RegBin* h, int count) {
  std::uint64_t m = 0;
  for (int j = 0; j < count; ++j) m |= static_cast<std::uint64_t>(h[j].n() != 0) << j;
  return m;
}

std::uint64_t occupied(const SmallClassBin* h, int count) {
  std::uint64_t m = 0;
  int j = 0;
#if defined(__SSE2__)
  // Sixteen bins at a time: a bin is empty iff its word is 0 (k ≤ n); the four compare masks are packed to bytes
  // for one movemask.
  const __m128i zero = _mm_setzero_si128();
  auto empty4 = [&](int at) {
    return _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h + at)), zero);
  };
  for (; j + 16 <= count; j += 16) {
    const __m128i lo = _mm_packs_epi32(empty4(j), empty4(j + 4)), hi = _mm_packs_epi32(empty4(j + 8), empty4(j + 12));
    const int empty = _mm_movemask_epi8(_mm_packs_epi16(lo, hi));
    m |= static_cast<std::uint64_t>(~empty & 0xFFFF) << j;
  }
  for (; j + 4 <= count; j += 4) {
    const int empty = _mm_movemask_ps(_mm_castsi128_ps(empty4(j)));
    m |= static_cast<std::uint64_t>(~empty & 0xF) << j;
  }
#endif
  for (; j < count; ++j) m |= static_cast<std::uint64_t>(h[j].n() != 0) << j;
  return m;
}

std::uint64_t occupied(const ClassBin* h, int count) {
  std::uint64_t m = 0;
  int j = 0;
#if defined(__SSE2__)
  // Four bins at a time: gather their row counts (the low halves) into one vector and compare with zero.
  const __m128i zero = _mm_setzero_si128();
  for (; j + 4 <= count; j += 4) {
    const __m128 a = _mm_castsi128_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h + j)));
    const __m128 b = _mm_castsi128_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h + j + 2)));
    const __m128i counts = _mm_castps_si128(_mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
    const int empty = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(counts, zero)));
    m |= static_cast<std::uint64_t>(~empty & 0xF) << j;
  }
#endif
  for (; j < count; ++j) m |= static_cast<std::uint64_t>(h[j].n() != 0) << j;
  return m;
}

// Read-only data of one fit, shared by every block.
struct Shared {
  std::size_t n_rows = 0;  // design rows
  std::size_t m = 0;       // design columns
  std::vector<const std::uint8_t*> codes;
  std::vector<int> n_bins;
  std::vector<std::uint8_t> has_missing;
  std::vector<std::uint32_t> train;   // training rows
  std::vector<std::uint8_t> is_train; // per design row
  Objective objective = Objective::binary;
  std::size_t outputs = 1;
  std::size_t n_classes = 0;
  double inv_k = 0.5;                 // 1/K: classification g = 1/K − [y = k]
  double h0 = 0.25;
  // Classification, per class tree k (one for binary) and design row: the row's ClassBin increment,
  // 1 + ([y = k] << 32), or with small trees the SmallClassBin one, 1 + ([y = k] << 16).
  std::vector<std::vector<std::uint64_t>> inc;
  std::vector<std::vector<std::uint32_t>> inc_small;
  std::vector<double> g;              // regression, per design row: base − y
  std::vector<double> inv_h;          // 1/(h₀·c + λ), c = 0..|train|
  // Classification, c = 0..|train|: c/K and c as doubles, so a bin's Σg = n/K − k is two loads instead of two
  // integer conversions (each of which also waits on its register's previous value) in the split search.
  std::vector<double> n_over_k, as_double;
  std::size_t sample_size = 0;
  std::size_t k_cols = 0;
  std::size_t rounds = 0;
  std::uint64_t seed = 0;
  Params p;
  bool want_margins = false, want_oob = false, keep = false;
  std::optional<std::uint32_t> importance_of;  // FitRequest::importance_of
  std::size_t sparse_node_rows = 0;            // FitSetup::sparse_node_rows
};

// What one block of rounds contributes.
struct BlockOut {
  std::vector<double> importance;   // m
  std::vector<double> margin;       // n_rows × outputs (column-major), Σ of unscaled leaf values
  std::vector<double> oob_sum;      // same layout
  std::vector<std::uint32_t> oob_count;
  std::vector<Tree> trees;
};

template <class Bin>
class Grower {
  static constexpr bool kIsClass = !std::is_same_v<Bin, RegBin>;
  using IncWord = std::conditional_t<std::is_same_v<Bin, SmallClassBin>, std::uint32_t, std::uint64_t>;

 public:
  explicit Grower(const Shared& s) : s_(&s) {
    idx_.resize(s.sample_size);
    tmp_.resize(s.sample_size);
    if (s.want_oob) in_sample_.assign(s.n_rows, 0);
  }

  void grow_block(std::size_t first, std::size_t last, BlockOut& out) {
    const std::size_t n = s_->n_rows, K = s_->outputs;
    out.importance.assign(s_->m, 0.0);
    if (s_->want_margins) out.margin.assign(n * K, 0.0);
    if (s_->want_oob) {
      out.oob_sum.assign(n * K, 0.0);
      out.oob_count.assign(n, 0);
    }
    imp_ = &out.importance;
    for (std::size_t t = first; t < last; ++t) {
      sample_rows(t);
      for (std::size_t o = 0; o < K; ++o) {
        start_tree(t, o);  // the K class trees of a round share its rows and its column stream
        Tree tree;
        tree.output = static_cast<std::uint32_t>(o);
        grow_tree(tree);
        if (s_->want_margins || s_->want_oob) route(tree, o, out);
        if (s_->keep) out.trees.push_back(std::move(tree));
      }
      if (s_->want_oob)
        for (std::size_t i = 0; i < n; ++i)
          if (!in_sample_[i] && s_->is_train[i]) ++out.oob_count[i];
    }
  }

  // ---- last_column_importances: a base tree grown once, replayed for each variant's last column ----

  // What the base tree's split search found at a node: the best over the shared columns.
  struct NodeScore {
    bool found = false;
    double score = 0.0;
    std::uint32_t column = 0;  // the winning column, for the tie rule
    Bin left{};
  };

  // Grows tree (t, o) of the full design without its last column, recording each node's best split in `rec`.
  // False when the draw misses the last column (then the variants' trees are not grown at all).
  bool grow_base(std::size_t t, std::size_t o, Tree& tree, std::vector<NodeScore>& rec) {
    sample_rows(t);
    start_tree(t, o);
    scratch_.assign(s_->m, 0.0);
    imp_ = &scratch_;
    rec_ = &rec;
    rec.clear();
    tree.output = static_cast<std::uint32_t>(o);
    grow_tree(tree);
    rec_ = nullptr;
    return !rec.empty();
  }
  const std::vector<std::uint32_t>& rows() const { return rows_; }
  // Another fit's data with the same rows, sample size and column count: a variant of last_column_importances.
  void bind(const Shared& s) { s_ = &s; }

  // Would this grower's design (the base's columns and its own last column) grow a different tree (t, o) than the
  // base? It does iff at some node its last column's best split beats the base's best (or equals it and wins the
  // tie, see wins_tie) with a gain above the threshold. Replays the base's partitions and the last column's histogram
  // chain (built or subtracted exactly as the full fit would), so the comparison is the full fit's to the bit.
  bool diverges(const Tree& base, const std::vector<NodeScore>& rec, const std::vector<std::uint32_t>& rows,
                std::size_t t, std::size_t o) {
    std::copy(rows.begin(), rows.end(), idx_.begin());
    set_output(o);
    tie_key_ = rng::derive(s_->seed, t, 2);
    Bin tot{};
    for (std::uint32_t row : idx_) add(tot, row_bin(row));
    set_min_gain(tot);
    const std::uint32_t last = static_cast<std::uint32_t>(s_->m - 1);
    one_col_.assign(1, last);
    one_offset_.assign(1, 0);
    one_slots_ = static_cast<std::size_t>(s_->n_bins[last]) + 1;
    if (!can_split(tot.n(), 0)) return false;
    top_ = 0;
    build(buffer(0, one_slots_, 1), 0, idx_.size(), one_col_, one_offset_, one_slots_);
    return replay(base, rec, 0, 0, idx_.size(), 0, tot, 0);
  }

  // The gains of the last column in tree (t, o) of this grower's own design, in the order the fit adds them.
  const std::vector<double>& last_column_gains(std::size_t t, std::size_t o) {
    sample_rows(t);
    start_tree(t, o);
    scratch_.assign(s_->m, 0.0);
    imp_ = &scratch_;
    gains_.clear();
    trace_ = &gains_;
    Tree tree;
    tree.output = static_cast<std::uint32_t>(o);
    grow_tree(tree);
    trace_ = nullptr;
    return gains_;
  }

 private:
  void set_output(std::size_t o) {
    if constexpr (std::is_same_v<Bin, SmallClassBin>)
      inc_ = &s_->inc_small[o];
    else if constexpr (kIsClass)
      inc_ = &s_->inc[o];
  }

  // Tree (t, o) of a round whose rows are drawn: its rows, its column stream and its class.
  void start_tree(std::size_t t, std::size_t o) {
    std::copy(rows_.begin(), rows_.end(), idx_.begin());
    col_rng_.emplace(rng::derive(s_->seed, t, 1));
    tie_key_ = rng::derive(s_->seed, t, 2);
    set_output(o);
  }

  bool replay(const Tree& base, const std::vector<NodeScore>& rec, std::size_t id, std::size_t b, std::size_t e,
              std::size_t depth, const Bin& tot, std::size_t buf) {
    if (!can_split(tot.n(), depth)) return false;
    const Split s = find(pool_[buf], tot, one_col_, one_offset_);
    const NodeScore& r = rec[id];
    if (s.found && (!r.found || s.score > r.score || (s.score == r.score && wins_tie(one_col_[0], r.column)))) {
      const double gain = s.score - grad(tot) * grad(tot) * s_->inv_h[tot.n()];
      if (gain > min_gain_) return true;
    }
    const Node& nd = base.nodes[id];
    if (nd.left < 0) return false;
    const std::size_t mid = partition(b, e, nd.column, nd.bin, nd.missing_left);
    const Bin lt = r.left, rt = minus(tot, r.left);
    const std::size_t lid = static_cast<std::size_t>(nd.left), rid = static_cast<std::size_t>(nd.right);
    const bool need_l = can_split(lt.n(), depth + 1), need_r = can_split(rt.n(), depth + 1);
    if (!need_l && !need_r) return false;
    const Children c = children(b, mid, e, lid, rid, lt, rt, need_l, need_r);  // grow()'s histogram chain
    if (c.need_large) {
      const std::size_t nb = ++top_;
      Hist& small = buffer(nb, one_slots_, 1);
      build(small, c.sb, c.se, one_col_, one_offset_, one_slots_);
      subtract(pool_[buf], small, one_slots_);
      const bool small_diverges = c.need_small && replay(base, rec, c.sid, c.sb, c.se, depth + 1, c.stot, nb);
      --top_;
      return small_diverges || replay(base, rec, c.gid, c.lb, c.le, depth + 1, c.gtot, buf);
    }
    build(pool_[buf], c.sb, c.se, one_col_, one_offset_, one_slots_);
    return replay(base, rec, c.sid, c.sb, c.se, depth + 1, c.stot, buf);
  }

  struct Split {
    bool found = false;
    std::size_t ci = 0;  // position among the node's candidate columns
    std::uint8_t bin = 0;
    bool missing_left = true;
    double score = 0.0;
    Bin left{};
  };

  static std::uint32_t count(const Bin& b) { return b.n(); }
  // A bin's gradient sum: n/K − k for a class (from the two tables), the stored sum for regression.
  static double grad(const Bin& b, [[maybe_unused]] const double* n_over_k, [[maybe_unused]] const double* as_double) {
    if constexpr (kIsClass)
      return n_over_k[b.n()] - as_double[b.k()];
    else
      return b.g;
  }
  double grad(const Bin& b) const { return grad(b, s_->n_over_k.data(), s_->as_double.data()); }
  static void add(Bin& a, const Bin& b) {
    a.v += b.v;
    if constexpr (std::is_same_v<Bin, RegBin>) a.g += b.g;
  }
  static Bin minus(const Bin& a, const Bin& b) {
    Bin r;
    r.v = a.v - b.v;
    if constexpr (std::is_same_v<Bin, RegBin>) r.g = a.g - b.g;
    return r;
  }
  // The bin of one row.
  Bin row_bin(std::uint32_t row) const {
    Bin r;
    if constexpr (kIsClass) {
      r.v = (*inc_)[row];
    } else {
      r.v = 1;
      r.g = s_->g[row];
    }
    return r;
  }

  // ⌊row_fraction·n⌋ of the training rows without replacement, from derive(seed, t, 0), by selection sampling
  // (Knuth's Algorithm S): row i is taken with probability (still needed)/(rows left), which gives a uniform
  // subset already in ascending order.
  void sample_rows(std::size_t t) {
    const std::size_t nt = s_->train.size();
    rows_.clear();
    if (s_->sample_size == nt) {
      rows_.assign(s_->train.begin(), s_->train.end());
    } else {
      rng::Rng r(rng::derive(s_->seed, t, 0));
      std::size_t need = s_->sample_size;
      for (std::size_t i = 0; i < nt && need > 0; ++i)
        if (r.bounded(nt - i) < need) {
          rows_.push_back(s_->train[i]);
          --need;
        }
    }
    if (s_->want_oob) {
      std::fill(in_sample_.begin(), in_sample_.end(), 0);
      for (std::uint32_t r : rows_) in_sample_[r] = 1;
    }
  }

  // Columns for a tree or a node: k of the m design columns, ascending.
  void draw_columns(std::vector<std::uint32_t>& cols, std::vector<std::size_t>& offsets, std::size_t& slots) {
    cols.clear();
    if (s_->k_cols >= s_->m) {
      for (std::size_t c = 0; c < s_->m; ++c) cols.push_back(static_cast<std::uint32_t>(c));
    } else {
      const std::vector<std::size_t> draw = col_rng_->sample_without_replacement(s_->m, s_->k_cols);
      if (s_->k_cols * 8 >= s_->m) {
        // A large share of the columns: ascending by marking, O(m) (sorting was 3 % of a fit at 200 × 2,000).
        drawn_.assign(s_->m, 0);
        for (std::size_t c : draw) drawn_[c] = 1;
        for (std::size_t c = 0; c < s_->m; ++c)
          if (drawn_[c]) cols.push_back(static_cast<std::uint32_t>(c));
      } else {
        for (std::size_t c : draw) cols.push_back(static_cast<std::uint32_t>(c));
        std::sort(cols.begin(), cols.end());
      }
    }
    offsets.resize(cols.size());
    slots = 0;
    for (std::size_t q = 0; q < cols.size(); ++q) {
      offsets[q] = slots;
      slots += static_cast<std::size_t>(s_->n_bins[cols[q]]) + 1;  // bins + the missing code
    }
  }

  // A node's histogram: the bins of each candidate column, at offsets[q].
  struct Hist {
    std::vector<Bin> bins;
  };

  Hist& buffer(std::size_t b, std::size_t slots, std::size_t /*n_cols*/) {
    if (pool_.size() <= b) pool_.resize(b + 1);
    Hist& h = pool_[b];
    if (h.bins.size() < slots) h.bins.resize(slots);
    return h;
  }

  // Histogram of rows idx_[b, e) over the candidate columns, into h (cleared here). Four columns per pass over
  // the rows: four independent chains of adds, and each row index and increment is loaded once per four columns.
  void build(Hist& hist, std::size_t b, std::size_t e, const std::vector<std::uint32_t>& cols,
             const std::vector<std::size_t>& offsets, std::size_t slots) {
    Bin* h = hist.bins.data();
    std::fill(h, h + slots, Bin{});
    const std::uint32_t* idx = idx_.data();
    const std::size_t nc = cols.size();
    std::size_t q = 0;
    for (; q + 4 <= nc; q += 4) {
      const std::uint8_t *c0 = s_->codes[cols[q]], *c1 = s_->codes[cols[q + 1]], *c2 = s_->codes[cols[q + 2]],
                         *c3 = s_->codes[cols[q + 3]];
      Bin *h0 = h + offsets[q], *h1 = h + offsets[q + 1], *h2 = h + offsets[q + 2], *h3 = h + offsets[q + 3];
      if constexpr (kIsClass) {
        const auto* inc = inc_->data();
        for (std::size_t i = b; i < e; ++i) {
          const std::uint32_t row = idx[i];
          const auto a = inc[row];
          h0[c0[row]].v += a;
          h1[c1[row]].v += a;
          h2[c2[row]].v += a;
          h3[c3[row]].v += a;
        }
      } else {
        const double* g = s_->g.data();
        for (std::size_t i = b; i < e; ++i) {
          const std::uint32_t row = idx[i];
          const double a = g[row];
          RegBin &x0 = h0[c0[row]], &x1 = h1[c1[row]], &x2 = h2[c2[row]], &x3 = h3[c3[row]];
          x0.g += a, ++x0.v;
          x1.g += a, ++x1.v;
          x2.g += a, ++x2.v;
          x3.g += a, ++x3.v;
        }
      }
    }
    for (; q < nc; ++q) {
      const std::uint8_t* c0 = s_->codes[cols[q]];
      Bin* h0 = h + offsets[q];
      for (std::size_t i = b; i < e; ++i) {
        const std::uint32_t row = idx[i];
        add(h0[c0[row]], row_bin(row));
      }
    }
  }

  // An exact tie between two columns' best splits (copies of a column, or columns that cut a small node's rows
  // the same way) goes to the column of lower priority mix(tree key ^ column), drawn afresh per tree. The lowest
  // position would hand every such split to the first copy, and its partners would look irrelevant.
  bool wins_tie(std::uint32_t challenger, std::uint32_t holder) const {
    return rng::mix(tie_key_ ^ challenger) < rng::mix(tie_key_ ^ holder);
  }

  // Best split of a node with totals `tot` over the candidate columns' histograms h (docs/boruta.md#the-random-forest item 3): the largest
  // G_L²/H_L + G_R²/H_R; between columns ties go by wins_tie, within a column to the lowest bin, then missing-left.
  Split find(const Hist& hist, const Bin& tot, const std::vector<std::uint32_t>& cols,
             const std::vector<std::size_t>& offsets) const {
    Split best;
    best.score = -std::numeric_limits<double>::infinity();
    const std::uint32_t n = count(tot);
    const double G = grad(tot);
    for (std::size_t q = 0; q < cols.size(); ++q) {
      const std::uint32_t c = cols[q];
      const int B = s_->n_bins[c];
      const Bin* hq = hist.bins.data() + offsets[q];
      // The occupied bins as a bit map: a node rarely has a row in each of 255 bins, an empty bin repeats the
      // previous boundary's partition, and a test per bin mispredicts badly. A node with many rows per bin is
      // taken as dense (its few empty bins cost one harmless evaluation each).
      std::uint64_t occ[4] = {0, 0, 0, 0};
      for (int w = 0; w * 64 < B; ++w) {
        const int end = std::min(64, B - w * 64);
        occ[w] = n >= 2u * static_cast<std::uint32_t>(B) ? (end == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << end) - 1)
                                                         : occupied(hq + w * 64, end);
      }
      search_column(q, cols, hq, occ, n, G, best);
    }
    return best;
  }

  // find() for a classification node with few rows (sparse_node): the candidate columns' histograms are built
  // four at a time into a cache-resident scratch and searched there. The node-wide histogram would be mostly empty
  // bins to clear, scan and subtract (at 200 × 20,000 a tree's 4,000 columns make a 4 MB histogram for 126 rows).
  // Class bins are integer sums, so every bin, score and split equals find()'s on the node histogram, bit for bit.
  Split find_sparse(std::size_t b, std::size_t e, const Bin& tot, const std::vector<std::uint32_t>& cols) {
    if constexpr (!kIsClass)  // sparse_node() keeps regression away: its bins are floating sums, whose bits
      throw std::logic_error("forest: find_sparse on regression bins");  // depend on the order they are added in
    Split best;
    best.score = -std::numeric_limits<double>::infinity();
    const std::uint32_t n = count(tot);
    const double G = grad(tot);
    const auto search = [&](std::size_t q, const Bin* hq) {
      const int B = s_->n_bins[cols[q]];
      std::uint64_t occ[4] = {0, 0, 0, 0};
      for (int w = 0; w * 64 < B; ++w) occ[w] = occupied(hq + w * 64, std::min(64, B - w * 64));
      search_column(q, cols, hq, occ, n, G, best);
    };
    // Up to four columns per build (its four chains of adds), each at its own 256-bin offset of the scratch.
    for (std::size_t q = 0; q < cols.size(); q += 4) {
      const std::size_t k = std::min<std::size_t>(4, cols.size() - q);
      quad_cols_.assign(cols.begin() + static_cast<std::ptrdiff_t>(q), cols.begin() + static_cast<std::ptrdiff_t>(q + k));
      build(quad_hist_, b, e, quad_cols_, kQuadOffsets, k * 256);
      for (std::size_t r = 0; r < k; ++r) search(q + r, quad_hist_.bins.data() + r * 256);
    }
    return best;
  }

  // Nodes with fewer rows than FitSetup::sparse_node_rows take find_sparse (classification): below it, adding a
  // column's rows into a small scratch costs less than clearing, scanning and subtracting its share of a
  // node-wide histogram.
  bool sparse_node(std::uint32_t rows) const { return kIsClass && rows < s_->sparse_node_rows; }

  // Column q's best boundary over its histogram hq (occupied bins in occ, bits < B), merged into `best`.
  void search_column(std::size_t q, const std::vector<std::uint32_t>& cols, const Bin* hq, const std::uint64_t* occ,
                     std::uint32_t n, double G, Split& best) const {
    const std::uint32_t c = cols[q];
    const int B = s_->n_bins[c];
    const std::uint32_t min_leaf = static_cast<std::uint32_t>(s_->p.min_leaf_rows);
    const double* inv_h = s_->inv_h.data();
    // grad() with its tables in registers: the compiler reloads them through s_ on every boundary otherwise.
    const double* n_over_k = s_->n_over_k.data();
    const double* as_double = s_->as_double.data();
    const auto grad_of = [&](const Bin& x) { return grad(x, n_over_k, as_double); };
    const Bin miss = s_->has_missing[c] ? hq[B] : Bin{};
    const std::uint32_t nm = miss.n();
    // The column's best boundary in locals (registers), merged into `best` afterwards; strict comparisons
    // keep the first of equal scores, so ties still go to the lowest bin and then to missing-left. A boundary
    // equal to the earlier columns' best takes it only while this column has none (col_bin < 0) and wins the tie.
    const auto takes_tie = [&](double sc, double held, int held_bin) {
      return sc == held && held_bin < 0 && best.found && wins_tie(c, cols[best.ci]);
    };
    // Whether score sc replaces the column's best so far. Nearly every boundary scores below it, so one
    // comparison decides the common case and the tie test runs only on the rare sc ≥ held (the fused test
    // cost a second floating comparison per boundary: 13 % of the search at 200 × 6,000).
    const auto improves = [&](double sc, double held, int held_bin) {
      if (!(sc >= held)) [[likely]]
        return false;
      return sc > held || takes_tie(sc, held, held_bin);
    };
    double col_score = best.score;
    int col_bin = -1;
    bool col_missing_left = true;
    Bin col_left{};
    Bin L{};
    if (nm == 0) {
      // Two phases over the occupied bins: gather rows until the left side holds min_leaf (no boundary before
      // that is admissible), then score each boundary until the right side would fall below min_leaf.
      int w = 0;
      std::uint64_t bits = occ[0];
      const auto next_bin = [&](int& b) {
        while (bits == 0) {
          if (++w == 4) return false;
          bits = occ[w];
        }
        b = w * 64 + std::countr_zero(bits);
        bits &= bits - 1;
        return true;
      };
      int b = 0;
      do {
        if (!next_bin(b)) goto column_done;
        add(L, hq[b]);
      } while (L.n() < min_leaf);
      for (;;) {
        const std::uint32_t nl = L.n(), nr = n - nl;
        if (nr < min_leaf) break;  // the right side only shrinks from here
        const double gl = grad_of(L), gr = G - gl;
        const double sc = gl * gl * inv_h[nl] + gr * gr * inv_h[nr];
        if (improves(sc, col_score, col_bin)) {
          col_score = sc;
          col_bin = b;
          col_left = L;
        }
        if (!next_bin(b)) break;
        add(L, hq[b]);
      }
    } else {
      const double Gm = grad_of(miss);
      for (int w = 0; w < 4; ++w) {
        std::uint64_t bits = occ[w];
        while (bits) {
          const int b = w * 64 + std::countr_zero(bits);
          bits &= bits - 1;
          add(L, hq[b]);
          if (n - L.n() < min_leaf) goto column_done;  // the right side only shrinks, in both directions
          const double GL = grad_of(L);
          {  // missing rows go left
            const std::uint32_t nl = L.n() + nm, nr = n - nl;
            if (nl >= min_leaf && nr >= min_leaf) {
              const double gl = GL + Gm, gr = G - gl;
              const double sc = gl * gl * inv_h[nl] + gr * gr * inv_h[nr];
              if (improves(sc, col_score, col_bin)) {
                col_score = sc;
                col_bin = b;
                col_missing_left = true;
                col_left = L;
                add(col_left, miss);
              }
            }
          }
          {  // missing rows go right
            const std::uint32_t nl = L.n(), nr = n - nl;
            if (nl >= min_leaf && nr >= min_leaf) {
              const double gr = G - GL;
              const double sc = GL * GL * inv_h[nl] + gr * gr * inv_h[nr];
              if (improves(sc, col_score, col_bin)) {
                col_score = sc;
                col_bin = b;
                col_missing_left = false;
                col_left = L;
              }
            }
          }
        }
      }
    }
  column_done:
    if (col_bin >= 0) {
      best.found = true;
      best.score = col_score;
      best.ci = q;
      best.bin = static_cast<std::uint8_t>(col_bin);
      best.missing_left = col_missing_left;
      best.left = col_left;
    }
  }

  bool can_split(std::uint32_t rows, std::size_t depth) const {
    return (s_->p.max_depth == 0 || depth < static_cast<std::size_t>(s_->p.max_depth)) &&
           rows >= 2 * s_->p.min_leaf_rows;
  }

  void make_leaf(Node& nd, const Bin& tot) const {
    nd.left = nd.right = -1;
    nd.value = -grad(tot) * s_->inv_h[count(tot)];  // −G/(H + λ)
  }

  // Stable in-place partition of idx_[b, e) by the split; returns the first right position.
  std::size_t partition(std::size_t b, std::size_t e, std::uint32_t col, std::uint8_t bin, bool missing_left) {
    const std::uint8_t* codes = s_->codes[col];
    const std::uint8_t miss = static_cast<std::uint8_t>(s_->n_bins[col]);
    std::size_t l = b, r = 0;
    for (std::size_t i = b; i < e; ++i) {
      const std::uint32_t row = idx_[i];
      const std::uint8_t c = codes[row];
      const bool left = c == miss ? missing_left : c <= bin;
      // Both stores, one kept: the side of a row is a coin flip for the branch predictor.
      idx_[l] = row;
      tmp_[r] = row;
      l += left ? 1 : 0;
      r += left ? 0 : 1;
    }
    std::copy(tmp_.begin(), tmp_.begin() + static_cast<std::ptrdiff_t>(r), idx_.begin() + static_cast<std::ptrdiff_t>(l));
    return l;
  }

  // Splits must gain more than rounding noise: 1e-12 of the root's Σg²/h₀ (pure splits give 0 up to rounding).
  void set_min_gain(const Bin& tot) {
    double ss = 0.0;
    if constexpr (kIsClass) {
      const double a = 1.0 - s_->inv_k, b = s_->inv_k;
      ss = (static_cast<double>(tot.k()) * a * a + static_cast<double>(tot.n() - tot.k()) * b * b) / s_->h0;
    } else {
      for (std::uint32_t row : idx_) ss += s_->g[row] * s_->g[row];
    }
    min_gain_ = 1e-12 * ss;
  }

  void grow_tree(Tree& tree) {
    tree_ = &tree;
    tree.nodes.clear();
    tree.nodes.emplace_back();
    Bin tot{};
    for (std::uint32_t row : idx_) add(tot, row_bin(row));
    set_min_gain(tot);
    node_sampling_ = s_->p.feature_sampling == FeatureSampling::node;
    top_ = 0;
    if (!node_sampling_) {
      draw_columns(cols_, offsets_, slots_);
      if (s_->importance_of && !std::binary_search(cols_.begin(), cols_.end(), *s_->importance_of)) {
        make_leaf(tree.nodes[0], tot);  // no gain for the wanted column, and nothing else is read
        return;
      }
      if (rec_ != nullptr) {
        // The base tree of last_column_importances: the draw is the full design's, the last column is left out
        // (importance_of is the last column, so it was drawn and is the last of the ascending draw).
        slots_ -= static_cast<std::size_t>(s_->n_bins[cols_.back()]) + 1;
        cols_.pop_back();
        offsets_.pop_back();
        rec_->assign(1, NodeScore{});
      }
      if (can_split(tot.n(), 0) && !sparse_node(tot.n()))
        build(buffer(0, slots_, cols_.size()), 0, idx_.size(), cols_, offsets_, slots_);
    }
    grow(0, 0, idx_.size(), 0, tot, 0);
  }

  // Grows node `id` over rows idx_[b, e) at `depth`; with per-tree columns, pool_[buf] holds its histogram.
  void grow(std::size_t id, std::size_t b, std::size_t e, std::size_t depth, const Bin& tot, std::size_t buf) {
    if (!can_split(tot.n(), depth)) {
      make_leaf(tree_->nodes[id], tot);
      return;
    }
    const std::vector<std::uint32_t>* cols = &cols_;
    const bool sparse = sparse_node(tot.n());
    Split s;
    if (node_sampling_) {
      draw_columns(node_cols_, node_offsets_, node_slots_);
      cols = &node_cols_;
      if (sparse) {
        s = find_sparse(b, e, tot, node_cols_);
      } else {
        // One buffer: a node's histogram is done with before its children's are built.
        Hist& hb = buffer(0, node_slots_, node_cols_.size());
        build(hb, b, e, node_cols_, node_offsets_, node_slots_);
        s = find(hb, tot, node_cols_, node_offsets_);
      }
    } else {
      s = sparse ? find_sparse(b, e, tot, cols_) : find(pool_[buf], tot, cols_, offsets_);
    }
    if (rec_ != nullptr) {
      if (rec_->size() <= id) rec_->resize(id + 1);
      (*rec_)[id] = NodeScore{s.found, s.score, s.found ? (*cols)[s.ci] : 0u, s.left};
    }
    const double gain = s.found ? s.score - grad(tot) * grad(tot) * s_->inv_h[tot.n()] : 0.0;
    if (!s.found || !(gain > min_gain_)) {
      make_leaf(tree_->nodes[id], tot);
      return;
    }
    const std::uint32_t col = (*cols)[s.ci];
    (*imp_)[col] += gain;
    if (trace_ != nullptr && col == *s_->importance_of) trace_->push_back(gain);
    const std::size_t mid = partition(b, e, col, s.bin, s.missing_left);
    const std::int32_t left = static_cast<std::int32_t>(tree_->nodes.size());
    {
      Node& nd = tree_->nodes[id];
      nd.column = col;
      nd.bin = s.bin;
      nd.missing = static_cast<std::uint8_t>(s_->n_bins[col]);
      nd.missing_left = s.missing_left;
      nd.left = left;
      nd.right = left + 1;
      nd.value = -grad(tot) * s_->inv_h[tot.n()];
    }
    tree_->nodes.emplace_back();
    tree_->nodes.emplace_back();
    const Bin lt = s.left, rt = minus(tot, s.left);
    const std::size_t lid = static_cast<std::size_t>(left), rid = lid + 1;
    if (node_sampling_) {
      grow(lid, b, mid, depth + 1, lt, 0);
      grow(rid, mid, e, depth + 1, rt, 0);
      return;
    }
    const bool need_l = can_split(lt.n(), depth + 1), need_r = can_split(rt.n(), depth + 1);
    if (!need_l && !need_r) {
      make_leaf(tree_->nodes[lid], lt);
      make_leaf(tree_->nodes[rid], rt);
      return;
    }
    const Children c = children(b, mid, e, lid, rid, lt, rt, need_l, need_r);
    // A child searched by find_sparse needs no histogram (nor do its descendants: they have fewer rows).
    if (c.need_large && !sparse_node(c.gtot.n())) {
      const std::size_t nb = ++top_;
      Hist& small = buffer(nb, slots_, cols_.size());
      build(small, c.sb, c.se, cols_, offsets_, slots_);
      subtract(pool_[buf], small, slots_);
      if (c.need_small)
        grow(c.sid, c.sb, c.se, depth + 1, c.stot, nb);
      else
        make_leaf(tree_->nodes[c.sid], c.stot);
      --top_;
      grow(c.gid, c.lb, c.le, depth + 1, c.gtot, buf);
    } else {
      // The smaller child's histogram (when it needs one) replaces the parent's; the larger is a leaf or sparse.
      if (c.need_small && !sparse_node(c.stot.n())) build(pool_[buf], c.sb, c.se, cols_, offsets_, slots_);
      if (c.need_small)
        grow(c.sid, c.sb, c.se, depth + 1, c.stot, buf);
      else
        make_leaf(tree_->nodes[c.sid], c.stot);
      if (c.need_large)
        grow(c.gid, c.lb, c.le, depth + 1, c.gtot, buf);
      else
        make_leaf(tree_->nodes[c.gid], c.gtot);
    }
  }

  // A split node's children as grow() (and replay(), which must agree) treat them: the smaller child (rows
  // [sb, se), node sid) gets a fresh histogram; the larger one ([lb, le), gid), when it needs one, is the parent's
  // minus it.
  struct Children {
    std::size_t sb, se, lb, le, sid, gid;
    Bin stot, gtot;
    bool need_small, need_large;
  };
  static Children children(std::size_t b, std::size_t mid, std::size_t e, std::size_t lid, std::size_t rid,
                           const Bin& lt, const Bin& rt, bool need_l, bool need_r) {
    const bool left_small = lt.n() <= rt.n();
    return left_small ? Children{b, mid, mid, e, lid, rid, lt, rt, need_l, need_r}
                      : Children{mid, e, b, mid, rid, lid, rt, lt, need_r, need_l};
  }

  static void subtract(Hist& parent, const Hist& small, std::size_t slots) {
    Bin* hp = parent.bins.data();
    const Bin* hs = small.bins.data();
    for (std::size_t q = 0; q < slots; ++q) hp[q] = minus(hp[q], hs[q]);
  }

  // Adds the tree's leaf values for every design row (and, out of bag, for the training rows it left out).
  void route(const Tree& tree, std::size_t o, BlockOut& out) const {
    const std::size_t n = s_->n_rows;
    const Node* nodes = tree.nodes.data();
    double* margin = s_->want_margins ? out.margin.data() + o * n : nullptr;
    double* oob = s_->want_oob ? out.oob_sum.data() + o * n : nullptr;
    for (std::size_t i = 0; i < n; ++i) {
      std::int32_t id = 0;
      while (nodes[id].left >= 0) {
        const Node& nd = nodes[id];
        const std::uint8_t c = s_->codes[nd.column][i];
        id = (c == nd.missing ? nd.missing_left : c <= nd.bin) ? nd.left : nd.right;
      }
      const double v = nodes[id].value;
      if (margin) margin[i] += v;
      if (oob && !in_sample_[i] && s_->is_train[i]) oob[i] += v;
    }
  }

  const Shared* s_;
  std::vector<std::uint32_t> rows_, idx_, tmp_;
  std::vector<std::uint8_t> in_sample_, drawn_;
  std::optional<rng::Rng> col_rng_;
  std::uint64_t tie_key_ = 0;  // this tree's column priorities (wins_tie)
  const std::vector<IncWord>* inc_ = nullptr;
  Tree* tree_ = nullptr;
  std::vector<double>* imp_ = nullptr;
  double min_gain_ = 0.0;
  bool node_sampling_ = false;
  std::vector<std::uint32_t> cols_, node_cols_;
  std::vector<std::size_t> offsets_, node_offsets_;
  std::size_t slots_ = 0, node_slots_ = 0;
  std::vector<Hist> pool_;
  std::size_t top_ = 0;
  // last_column_importances: the base tree's record, the traced gains, and the one-column histogram layout.
  std::vector<NodeScore>* rec_ = nullptr;
  std::vector<double>* trace_ = nullptr;
  std::vector<double> scratch_, gains_;
  std::vector<std::uint32_t> one_col_;
  std::vector<std::size_t> one_offset_;
  std::size_t one_slots_ = 0;
  // find_sparse's scratch: up to four columns' bins 0..254 and missing code, at offsets 0, 256, 512, 768.
  std::vector<std::uint32_t> quad_cols_;
  Hist quad_hist_{std::vector<Bin>(4 * 256)};
  inline static const std::vector<std::size_t> kQuadOffsets{0, 256, 512, 768};
};

// fn(first, last, out) for each block of kRoundsPerBlock rounds, out being that block's slot; blocks run on up to
// `threads` threads and land in round order, so the result does not depend on the thread count.
template <class Out, class Fn>
std::vector<Out> for_each_block(std::size_t rounds, unsigned threads, Fn fn) {
  const std::size_t n_blocks = (rounds + kRoundsPerBlock - 1) / kRoundsPerBlock;
  std::vector<Out> blocks(n_blocks);
  auto task = [&](std::size_t b) {
    const std::size_t first = b * kRoundsPerBlock, last = std::min(rounds, first + kRoundsPerBlock);
    fn(first, last, blocks[b]);
  };
  if (threads <= 1 || n_blocks <= 1) {
    for (std::size_t b = 0; b < n_blocks; ++b) task(b);
  } else {
    RunContext ctx;
    ctx.threads = threads;
    parallel_for(n_blocks, task, ctx);
  }
  return blocks;
}

// fn(Bin{}) with the histogram bin type of this fit: regression sums, or class counts (small or full).
template <class Fn>
decltype(auto) with_bin(const Shared& s, Fn fn) {
  if (s.objective == Objective::regression) return fn(RegBin{});
  if (!s.inc_small.empty()) return fn(SmallClassBin{});
  return fn(ClassBin{});
}

template <class Bin>
std::vector<BlockOut> grow_all(const Shared& s, unsigned threads) {
  return for_each_block<BlockOut>(s.rounds, threads, [&](std::size_t first, std::size_t last, BlockOut& out) {
    Grower<Bin> g(s);
    g.grow_block(first, last, out);
  });
}

// The read-only data of a fit of `design`.
Shared make_shared(const Design& design, const Target& target, const Params& params, std::uint64_t seed,
                   const FitRequest& request, const FitSetup& setup) {
  Shared s;
  s.n_rows = design.n_rows();
  s.m = design.n_cols();
  s.codes.resize(s.m);
  s.n_bins.resize(s.m);
  s.has_missing.resize(s.m);
  for (std::size_t c = 0; c < s.m; ++c) {
    s.codes[c] = design.codes(c);
    s.n_bins[c] = design.n_bins(c);
    s.has_missing[c] = design.has_missing(c) ? 1 : 0;
  }
  s.train = setup.rows;
  s.sparse_node_rows = setup.sparse_node_rows;
  s.is_train.assign(s.n_rows, 0);
  for (std::uint32_t r : s.train) s.is_train[r] = 1;
  s.objective = target.objective();
  s.outputs = target.n_outputs();
  s.n_classes = target.n_classes();
  s.h0 = target.hessian();
  if (s.objective == Objective::regression) {
    s.g.resize(s.n_rows);
    for (std::size_t i = 0; i < s.n_rows; ++i) s.g[i] = setup.base[0] - target.values()[i];
  } else {
    s.inv_k = 1.0 / static_cast<double>(s.n_classes);
    const bool small = setup.sample_size <= setup.small_bin_rows;
    (small ? s.inc_small.resize(s.outputs) : s.inc.resize(s.outputs));
    for (std::size_t o = 0; o < s.outputs; ++o) {
      const int cls = s.objective == Objective::multiclass ? static_cast<int>(o) : 1;
      if (small) {
        s.inc_small[o].resize(s.n_rows);
        for (std::size_t i = 0; i < s.n_rows; ++i)
          s.inc_small[o][i] = 1 + (static_cast<std::uint32_t>(target.labels()[i] == cls) << 16);
      } else {
        s.inc[o].resize(s.n_rows);
        for (std::size_t i = 0; i < s.n_rows; ++i)
          s.inc[o][i] = 1 + (static_cast<std::uint64_t>(target.labels()[i] == cls) << 32);
      }
    }
  }
  s.inv_h.resize(s.train.size() + 1);
  s.inv_h[0] = params.lambda > 0 ? 1.0 / params.lambda : 0.0;
  for (std::size_t c = 1; c < s.inv_h.size(); ++c) s.inv_h[c] = 1.0 / (s.h0 * static_cast<double>(c) + params.lambda);
  s.n_over_k.resize(s.inv_h.size());
  s.as_double.resize(s.inv_h.size());
  for (std::size_t c = 0; c < s.inv_h.size(); ++c) {
    s.as_double[c] = static_cast<double>(c);
    s.n_over_k[c] = s.as_double[c] * s.inv_k;
  }
  s.sample_size = setup.sample_size;
  s.k_cols = setup.columns_per_draw;
  s.rounds = params.n_trees;
  s.seed = seed;
  s.p = params;
  s.want_margins = request.margins;
  s.want_oob = request.oob;
  s.keep = request.keep_model;
  if (request.importance_of) s.importance_of = static_cast<std::uint32_t>(*request.importance_of);
  return s;
}

// One block of rounds of last_column_importances: per variant, the sum of its last column's gains over the block's
// trees in the fit's order (tree, then node), as BlockOut::importance would hold it.
template <class Bin>
std::vector<double> variant_block(const Shared& base_shared, const std::vector<Shared>& variants, std::size_t first,
                                  std::size_t last) {
  using G = Grower<Bin>;
  std::vector<double> acc(variants.size(), 0.0);
  G base(base_shared), variant(base_shared);  // one grower for the variants, bound to each in turn
  Tree tree;
  std::vector<typename G::NodeScore> rec;
  for (std::size_t t = first; t < last; ++t)
    for (std::size_t o = 0; o < base_shared.outputs; ++o) {
      tree = Tree{};
      if (!base.grow_base(t, o, tree, rec)) continue;  // no variant draws its last column in this tree
      for (std::size_t v = 0; v < variants.size(); ++v) {
        variant.bind(variants[v]);
        if (!variant.diverges(tree, rec, base.rows(), t, o)) continue;  // same tree; the last column never splits
        for (double g : variant.last_column_gains(t, o)) acc[v] += g;
      }
    }
  return acc;
}

template <class Bin>
std::vector<double> variant_blocks(const Shared& base, const std::vector<Shared>& variants, unsigned threads) {
  const auto blocks = for_each_block<std::vector<double>>(
      base.rounds, threads, [&](std::size_t first, std::size_t last, std::vector<double>& out) {
        out = variant_block<Bin>(base, variants, first, last);
      });
  std::vector<double> r(variants.size(), 0.0);
  for (const auto& b : blocks)
    for (std::size_t v = 0; v < r.size(); ++v) r[v] += b[v];
  return r;
}

}  // namespace

std::vector<double> last_column_importances_native(const std::vector<const Design*>& designs, const Target& target,
                                                   const Params& params, std::uint64_t seed, const FitRequest& request,
                                                   const FitSetup& setup) {
  FitRequest rq = request;
  rq.importance_of = designs.front()->n_cols() - 1;
  std::vector<Shared> variants;
  variants.reserve(designs.size());
  for (const Design* d : designs) variants.push_back(make_shared(*d, target, params, seed, rq, setup));
  const Shared& base = variants.front();  // its last column is left out of every base tree
  return with_bin(base, [&](auto bin) { return variant_blocks<decltype(bin)>(base, variants, request.threads); });
}

FitResult fit_native(const Design& design, const Target& target, const Params& params, std::uint64_t seed,
                     const FitRequest& request, const FitSetup& setup) {
  const Shared s = make_shared(design, target, params, seed, request, setup);
  const std::vector<BlockOut> blocks =
      with_bin(s, [&](auto bin) { return grow_all<decltype(bin)>(s, request.threads); });

  FitResult r;
  const std::size_t n = s.n_rows, K = s.outputs;
  const double T = static_cast<double>(s.rounds);
  r.n_trees = s.rounds * K;
  r.importance.assign(s.m, 0.0);
  std::vector<double> margin(request.margins ? n * K : 0, 0.0), oob(request.oob ? n * K : 0, 0.0);
  std::vector<std::uint32_t> oob_count(request.oob ? n : 0, 0);
  for (const BlockOut& b : blocks) {
    for (std::size_t c = 0; c < s.m; ++c) r.importance[c] += b.importance[c];
    for (std::size_t q = 0; q < margin.size(); ++q) margin[q] += b.margin[q];
    for (std::size_t q = 0; q < oob.size(); ++q) oob[q] += b.oob_sum[q];
    for (std::size_t q = 0; q < oob_count.size(); ++q) oob_count[q] += b.oob_count[q];
  }
  if (request.margins) {
    r.margins.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(K));
    for (std::size_t o = 0; o < K; ++o)
      for (std::size_t i = 0; i < n; ++i)
        r.margins(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(o)) = setup.base[o] + margin[o * n + i] / T;
  }
  if (request.oob) {
    r.oob_margins.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(K));
    for (std::size_t o = 0; o < K; ++o)
      for (std::size_t i = 0; i < n; ++i)
        r.oob_margins(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(o)) =
            oob_count[i] == 0 ? std::numeric_limits<double>::quiet_NaN()
                              : setup.base[o] + oob[o * n + i] / static_cast<double>(oob_count[i]);
    r.oob_counts = std::move(oob_count);
  }
  if (request.keep_model) {
    Model m;
    m.objective = s.objective;
    m.n_outputs = K;
    m.base = setup.base;
    m.n_rounds = s.rounds;
    for (const BlockOut& b : blocks)
      for (const Tree& t : b.trees) {
        Tree scaled = t;
        for (Node& nd : scaled.nodes) nd.value /= T;  // margins are sums over trees
        m.trees.push_back(std::move(scaled));
      }
    r.model = std::move(m);
  }
  return r;
}

}  // namespace featrel::forest::detail
