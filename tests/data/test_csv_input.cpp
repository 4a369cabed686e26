// Real-world input: separators (detected or given), European decimal commas, extra missing-value markers,
// standard input, gzip files, and spreadsheets or binary files refused with a readable message.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

std::string input(const std::string& name) { return std::string(FEATREL_TEST_DATA_DIR) + "/input/" + name; }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A file in the temp directory, removed when the test ends.
struct TempFile {
  std::filesystem::path path;
  TempFile(const std::string& name, const std::string& bytes)
      : path(std::filesystem::temp_directory_path() / ("featrel_test_input_" + name)) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
  }
  ~TempFile() { std::filesystem::remove(path); }
  std::string str() const { return path.string(); }
};

std::string text_error(const std::string& text, const CsvOptions& options = CsvOptions{}) {
  try {
    read_csv_text(text, options, "data.csv");
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError for:\n" << text;
  return "";
}

std::string file_error(const std::string& path, const CsvOptions& options = CsvOptions{}) {
  try {
    read_csv(path, options);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError for " << path;
  return "";
}

void expect_parts(const std::string& message, const std::vector<std::string>& parts) {
  for (const auto& part : parts) EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

CsvOptions keep_missing() {
  CsvOptions o;
  o.impute = Impute::keep;
  return o;
}

// ---- separators ------------------------------------------------------------------------------------------------

TEST(CsvInput, SemicolonFileWithDecimalCommasIsDetectedAndRead) {
  const Dataset d = read_csv(input("european_semicolon.csv"), CsvOptions{});
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"alter", "gewicht", "druck"}));
  EXPECT_EQ(d.target_name, "klasse");
  ASSERT_EQ(d.n_samples(), 3u);
  EXPECT_EQ(d.X(0, 1), 72.5);
  EXPECT_EQ(d.X(1, 1), 80.25);
  EXPECT_EQ(d.X(1, 2), -1.5);
  EXPECT_EQ(d.X(2, 2), 0.75);
  EXPECT_EQ(d.X(2, 1), 65.0);  // integers without a comma in the same column
  EXPECT_EQ(d.classes, (std::vector<std::string>{"ja", "nein"}));
}

TEST(CsvInput, DecimalCommaTargetKeepsItsSpellingAndSortsNumerically) {
  CsvOptions o;
  o.task = TaskRequest::classification;
  const Dataset d = read_csv_text("x;grade\n1;2,5\n2;10,0\n3;2,5\n4;9,75\n", o);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"2,5", "9,75", "10,0"}));  // numeric order, not bytes
  EXPECT_EQ(d.labels, (std::vector<int>{0, 2, 0, 1}));
  CsvOptions r;
  r.task = TaskRequest::regression;
  const Dataset e = read_csv_text("x;level\n1;2,5\n2;-10,25\n", r);
  EXPECT_EQ(e.y[0], 2.5);
  EXPECT_EQ(e.y[1], -10.25);
}

TEST(CsvInput, DecimalCommaOnlyInItsExactShapeAndNotWithCommaSeparator) {
  CsvOptions strict;
  strict.max_levels = 0;
  for (const std::string bad : {"1,234,5", "1,5e3", ",5", "1,", "+1,5"}) {
    expect_parts(text_error("a;y\n1;0\n" + bad + ";1\n", strict), {"value '" + bad + "' is not numeric"});
  }
  // In a comma-separated file a quoted "1,5" is text, not 1.5.
  expect_parts(text_error("a,y\n\"1,5\",0\n2,1\n", strict), {"value '1,5' is not numeric"});
  // Given explicitly, ';' reads decimal commas too.
  CsvOptions semi;
  semi.sep = ';';
  EXPECT_EQ(read_csv_text("a;y\n1,5;0\n2;1\n", semi).X(0, 0), 1.5);
}

TEST(CsvInput, TabSeparatedKeepsEmptyFields) {
  const Dataset d = read_csv(input("tabs.tsv"), keep_missing());
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"sepal_length", "sepal_width"}));
  ASSERT_EQ(d.n_samples(), 4u);
  EXPECT_EQ(d.X(0, 1), 3.5);
  EXPECT_TRUE(std::isnan(d.X(1, 1)));  // "4.9<TAB><TAB>setosa": the empty field is not swallowed as a blank
  EXPECT_EQ(d.X(2, 0), 7.0);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"setosa", "versicolor"}));
  EXPECT_EQ(d.missing_counts, (std::vector<std::size_t>{0, 1}));
}

TEST(CsvInput, TabSeparatedTrimsSpacesAndReadsDecimalCommas) {
  const Dataset d = read_csv_text("a\tb\ty\n 1,5 \t2\t0\n3\t 4 \t1\n", CsvOptions{});
  EXPECT_EQ(d.X(0, 0), 1.5);
  EXPECT_EQ(d.X(1, 1), 4.0);
}

TEST(CsvInput, PipeSeparated) {
  const Dataset d = read_csv_text("a|b|y\n1|2|p\n3|4.5|q\n", CsvOptions{});
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d.X(1, 1), 4.5);
}

TEST(CsvInput, CommaWinsATie) {
  // ',' and ';' both give every line 3 fields: ',' is taken.
  const Dataset d = read_csv_text("p;q,r;s,y\n1;2,3;4,0\n5;6,7;8,1\n", CsvOptions{});
  EXPECT_EQ(d.source_columns, (std::vector<std::string>{"p;q", "r;s"}));
  EXPECT_EQ(d.target_name, "y");
}

TEST(CsvInput, DetectionIgnoresSeparatorsInsideQuotes) {
  // Counting commas blindly gives 3 fields on every line (a tie that ',' would win); outside quotes there
  // are none, so ';' is the separator — and the quoted "1,5" is a decimal comma.
  const Dataset d = read_csv_text("\"a,1\";\"b,2\";y\n\"1,5\";\"2,5\";0\n\"3,5\";\"4,5\";1\n", CsvOptions{});
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"a,1", "b,2"}));
  EXPECT_EQ(d.X(0, 0), 1.5);
  EXPECT_EQ(d.X(1, 1), 4.5);
  // A quoted field spanning lines counts as one record.
  const Dataset e = read_csv_text("note;x;y\n\"two\nlines\";1;0\n\"one\";2;1\n", [] {
    CsvOptions o;
    o.drop = {"note"};
    return o;
  }());
  EXPECT_EQ(e.feature_names, (std::vector<std::string>{"x"}));
  EXPECT_EQ(e.X(1, 0), 2.0);
}

TEST(CsvInput, AmbiguousSeparatorAsksForSep) {
  expect_parts(text_error("a;b|c\n1;2|0\n3;4|1\n"),
               {"cannot tell the field separator of data.csv", "';' and '|'", "--sep ';' or --sep '|'"});
}

TEST(CsvInput, RaggedFileIsReadWithTheWidestHeaderAndNamesTheRow) {
  expect_parts(text_error("a;b;y\n1;2;0\n3;4\n"),
               {"row 2 (line 3) has 2 fields but the header has 3 columns", "separator ';'", "--sep"});
}

TEST(CsvInput, OneColumnHeaderWithSeparatorsInTheDataSuggestsSep) {
  // Detected: no candidate splits every line the same way, the header has one field.
  expect_parts(text_error("label\n1;2\n3;4\n"), {"has no feature columns", "--sep ';'"});
  // Given: a tab file read as comma-separated.
  CsvOptions comma;
  comma.sep = ',';
  expect_parts(text_error("a\tb\ty\n1\t2\t0\n3\t4\t1\n", comma), {"single column", "--sep '\\t'"});
  // No other separator anywhere: no --sep hint.
  const std::string plain = text_error("y\n0\n1\n");
  EXPECT_EQ(plain.find("--sep"), std::string::npos) << plain;
}

TEST(CsvInput, ExplicitSeparatorIsUsedAsGiven) {
  CsvOptions semi;
  semi.sep = ';';
  // Detection would pick ',' (3 fields everywhere); ';' is what was asked for, with its decimal commas.
  const Dataset d = read_csv_text("p;q,r;s,y\n1;2,3;4,0\n5;6,7;8,1\n", semi);
  EXPECT_EQ(d.source_columns, (std::vector<std::string>{"p", "q,r"}));
  EXPECT_EQ(d.target_name, "s,y");
  EXPECT_EQ(d.X(0, 1), 2.3);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"4,0", "8,1"}));
  CsvOptions quote;
  quote.sep = '"';
  expect_parts(text_error("a,y\n1,0\n2,1\n", quote), {"--sep cannot be a quote"});
}

// ---- missing-value markers ----------------------------------------------------------------------------------------

TEST(CsvInput, ExtraMissingValueMarkers) {
  const std::string text = "a,b,y\n-999,1,0\n2, n/a ,1\n3,NA,0\n-999.0,6,1\n";
  CsvOptions o = keep_missing();
  o.na_values = {"-999", "n/a"};
  const Dataset d = read_csv_text(text, o);
  EXPECT_TRUE(std::isnan(d.X(0, 0)));
  EXPECT_TRUE(std::isnan(d.X(1, 1)));  // compared after trimming blanks
  EXPECT_TRUE(std::isnan(d.X(2, 1)));  // the defaults still apply
  EXPECT_EQ(d.X(3, 0), -999.0);        // the whole field must match: "-999.0" is a number
  EXPECT_EQ(d.missing_counts, (std::vector<std::size_t>{1, 2}));

  // Without the markers, -999 is a value and "n/a" is text.
  CsvOptions plain = keep_missing();
  plain.max_levels = 0;
  expect_parts(text_error(text, plain), {"value 'n/a' is not numeric"});
}

TEST(CsvInput, ExtraMissingValueMarkerInTheTarget) {
  CsvOptions o;
  o.na_values = {"unknown"};
  expect_parts(text_error("a,y\n1,yes\n2,unknown\n3,no\n", o), {"row 2 (line 3), target 'y': the value is missing"});
}

// ---- sources: standard input and gzip ---------------------------------------------------------------------------

// Runs read_csv("-") with `bytes` on standard input.
Dataset read_stdin(const std::string& bytes, const CsvOptions& options) {
  TempFile file("stdin.bin", bytes);
  const int saved = ::dup(STDIN_FILENO);
  const int fd = ::open(file.str().c_str(), O_RDONLY);
  EXPECT_GE(fd, 0);
  ::dup2(fd, STDIN_FILENO);
  ::close(fd);
  struct Restore {
    int saved;
    ~Restore() {
      ::dup2(saved, STDIN_FILENO);
      ::close(saved);
    }
  } restore{saved};
  return read_csv("-", options);
}

TEST(CsvInput, DashReadsStandardInput) {
  const std::string text = slurp(input("small.csv"));
  const Dataset d = read_stdin(text, CsvOptions{});
  const Dataset e = read_csv_text(text, CsvOptions{});
  EXPECT_EQ(d.source, "<stdin>");
  EXPECT_EQ(d.X, e.X);
  EXPECT_EQ(d.labels, e.labels);
  EXPECT_EQ(d.n_samples(), 4u);
  // Compressed data on standard input is recognised by its signature.
  const Dataset z = read_stdin(slurp(input("small.csv.gz")), CsvOptions{});
  EXPECT_EQ(z.X, e.X);
}

TEST(CsvInput, GzipFileIsDecompressed) {
  const Dataset plain = read_csv(input("small.csv"), CsvOptions{});
  const Dataset gz = read_csv(input("small.csv.gz"), CsvOptions{});
  EXPECT_EQ(gz.source, input("small.csv.gz"));
  EXPECT_EQ(gz.feature_names, plain.feature_names);
  EXPECT_EQ(gz.X, plain.X);
  EXPECT_EQ(gz.classes, plain.classes);
  // Two gzip members one after the other (cat a.gz b.gz) are one file, as for gunzip.
  EXPECT_EQ(read_csv(input("two_members.csv.gz"), CsvOptions{}).X, plain.X);
}

TEST(CsvInput, GzipContentUnderAnotherNameIsDecompressed) {
  TempFile file("compressed.csv", slurp(input("small.csv.gz")));
  EXPECT_EQ(read_csv(file.str(), CsvOptions{}).X, read_csv(input("small.csv"), CsvOptions{}).X);
}

TEST(CsvInput, DamagedGzipIsAClearError) {
  const std::string bytes = slurp(input("small.csv.gz"));
  TempFile truncated("truncated.csv.gz", bytes.substr(0, bytes.size() / 2));
  expect_parts(file_error(truncated.str()), {"cannot decompress", "truncated"});
  std::string corrupt = bytes;
  for (std::size_t i = 12; i < 40 && i < corrupt.size(); ++i) corrupt[i] = static_cast<char>(~corrupt[i]);
  TempFile damaged("damaged.csv.gz", corrupt);
  expect_parts(file_error(damaged.str()), {"cannot decompress", "damaged"});
  TempFile not_gzip("plain.csv.gz", "a,y\n1,0\n2,1\n");
  expect_parts(file_error(not_gzip.str()), {"is named .gz but is not gzip-compressed"});
}

// ---- files that are not CSV -------------------------------------------------------------------------------------

// The message must be readable text: no control characters and no bytes of the file's signature.
void expect_printable(const std::string& message) {
  for (unsigned char c : message) ASSERT_TRUE(c >= 0x20 && c != 0x7F) << "control byte " << int(c) << " in: " << message;
  EXPECT_EQ(message.find("PK\x03"), std::string::npos);
  EXPECT_EQ(message.find("\xD0\xCF\x11"), std::string::npos);
  EXPECT_EQ(message.find("\x8B"), std::string::npos);
}

TEST(CsvInput, ExcelWorkbooksAreRefusedWithExportAdvice) {
  // By content: a zip archive under a .csv name.
  TempFile zip("workbook.csv", std::string("PK\x03\x04\x14\x00\x06\x00", 8) + std::string(64, '\x01'));
  std::string m = file_error(zip.str());
  expect_parts(m, {"zip archive", "Excel workbook (.xlsx)", "Save As", "CSV"});
  expect_printable(m);
  // By content: an OLE compound file (.xls).
  TempFile ole("old.csv", std::string("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8) + std::string(64, '\0'));
  m = file_error(ole.str());
  expect_parts(m, {"old-format Excel workbook (.xls", "Save As"});
  expect_printable(m);
  // By name, whatever the content.
  TempFile named("book.xlsx", "a,y\n1,0\n2,1\n");
  m = file_error(named.str());
  expect_parts(m, {"is an Excel workbook (.xlsx)", "Save As", "read_excel"});
  TempFile named_xls("BOOK.XLS", "a,y\n1,0\n2,1\n");
  expect_parts(file_error(named_xls.str()), {"is an Excel workbook (.xls)"});
}

TEST(CsvInput, ParquetAndBinaryFilesAreRefused) {
  TempFile parquet("table.csv", std::string("PAR1\x15\x04\x15\x10", 8) + std::string(32, '\0'));
  std::string m = file_error(parquet.str());
  expect_parts(m, {"Parquet file", "to_csv"});
  expect_printable(m);
  TempFile named("table.parquet", "a,y\n1,0\n2,1\n");
  expect_parts(file_error(named.str()), {"Parquet file"});
  TempFile blob("blob.csv", std::string("a,y\n1,0\n\0\x01\x02\xff\xfe binary", 20));
  m = file_error(blob.str());
  expect_parts(m, {"binary data (NUL bytes in its first 4 KiB)", "export the table as CSV"});
  expect_printable(m);
  // The same checks apply to text in memory, and to what a .gz file decompresses to.
  expect_parts(text_error(std::string("x,y\n\0\0", 6)), {"binary data"});
  expect_parts(text_error(std::string("\xFF\xFEx\0,\0y\0", 8)), {"UTF-16"});
}

TEST(CsvInput, NulBytesAfterTheFirst4KiBAreReportedInTheirField) {
  // Only the head is sniffed; a later NUL byte ends up in a field, and the message spells it out.
  std::string text = "a,y\n";
  while (text.size() < 5000) text += "1,0\n2,1\n";
  CsvOptions strict;
  strict.max_levels = 0;
  const std::string m = text_error(text + std::string("3\0,1\n", 5), strict);
  expect_parts(m, {"value '3\\x00' is not numeric"});
  expect_printable(m);
}

}  // namespace
}  // namespace featrel
