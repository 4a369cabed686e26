"""X and y as the core takes them, from what a notebook holds.

A DataFrame may hold text, pandas categories, booleans and nullable numbers; the CSV reader of the CLI reads the
same kinds of columns, so the core reads them the same way here: a text column goes to the core as its text
(categorical when it has few levels, one indicator column per level; an error naming the column otherwise), a
``category`` column as a categorical column whatever its levels, anything numeric as numbers with NaN for a
missing value. Dates are refused with the remedy. The target may be numbers, labels of any one type, or either
with missing values (pandas ``NA``, ``None``, NaN, and text the CSV reader reads as missing: empty, ``NA``, ``?``),
which the core reports by row; ``has_value(y)`` is the mask that drops them.
"""

import numpy as np

from ._featrel import is_missing_text


def _is_dataframe(X):
    return hasattr(X, "columns") and hasattr(X, "dtypes") and hasattr(X, "iloc")


def split_text_columns(X):
    """(X, text, categorical): X with its text and category columns as NaN placeholders, ``text`` one list of
    strings per column (empty for a numeric column; ``[]`` when no column is text) and the positions of the
    ``category`` columns. Anything but a DataFrame comes back unchanged."""
    if not _is_dataframe(X):
        return X, [], []
    import pandas as pd
    from pandas.api import types

    plain, special = [], []  # numpy numbers and booleans; everything else, looked at one by one
    for j, dtype in enumerate(X.dtypes):
        numpy_number = isinstance(dtype, np.dtype) and dtype.kind in "biuf"
        (plain if numpy_number else special).append(j)
    if not special:
        return X, [], []
    values = np.empty(X.shape, dtype=np.float64)
    if plain:
        values[:, plain] = X.iloc[:, plain].to_numpy(dtype=np.float64)
    text, categorical = [[] for _ in range(X.shape[1])], []
    any_text = False
    for j in special:
        name, col = X.columns[j], X.iloc[:, j]
        dtype = col.dtype
        if types.is_datetime64_any_dtype(dtype) or types.is_timedelta64_dtype(dtype) or isinstance(
            dtype, pd.PeriodDtype
        ):
            raise ValueError(
                f"X, column {name!r}: dates or times ({dtype}); featrel needs numbers — convert the column "
                f"(for example days since the first date: (X[{name!r}] - X[{name!r}].min()).dt.days) or leave it "
                "out of X"
            )
        is_category = isinstance(dtype, pd.CategoricalDtype)
        if is_category or not (types.is_numeric_dtype(dtype) or types.is_bool_dtype(dtype)):
            # Text (object, string) or categories: the values as text, "" for a missing one.
            cells = col.astype(object).to_numpy()
            missing = pd.isna(cells)
            text[j] = ["" if m else str(v) for v, m in zip(cells, missing)]
            values[:, j] = np.nan
            any_text = True
            if is_category:
                categorical.append(j)
        else:  # nullable numbers and booleans: NA is NaN
            values[:, j] = col.to_numpy(dtype=np.float64, na_value=np.nan)
    # The same column labels (and so feature_names_in_), even where two are equal.
    frame = pd.DataFrame(values, columns=X.columns, index=X.index)
    return frame, (text if any_text else []), categorical


def target_array(y):
    """y as a 1-d numpy array: float64 with NaN for a missing value when it holds numbers, else an object or
    boolean array of labels with None for a missing one. Nullable pandas dtypes lose their NA here."""
    import pandas as pd
    from pandas.api import types

    dtype = getattr(y, "dtype", None)
    if dtype is not None and hasattr(y, "to_numpy") and types.is_extension_array_dtype(dtype):
        if types.is_numeric_dtype(dtype) and not types.is_bool_dtype(dtype):
            return y.to_numpy(dtype=np.float64, na_value=np.nan)
        values = y.to_numpy(dtype=object)
        return np.array([None if pd.isna(v) else v for v in values.ravel()], dtype=object).reshape(values.shape)
    return np.asarray(y)


def missing_values(y):
    """Per row of the 1-d array y (target_array): whether its value is missing. NaN, None and pandas NA are, and
    so is text the CSV reader reads as missing (empty or blank, "NA", "?": the core's one rule), so that a blank
    label is not a class of its own."""
    import pandas as pd

    missing = np.asarray(pd.isna(y), dtype=bool)
    if y.dtype.kind in "OUS":  # object, or numpy's own str and bytes arrays (np.asarray of a list of labels)
        for i, v in enumerate(y.tolist()):
            if isinstance(v, bytes):
                v = v.decode("utf-8", "replace")
            if isinstance(v, str) and is_missing_text(v):
                missing[i] = True
    return missing


def label_codes(y):
    """(labels, codes): the distinct labels in sorted order and each row's index among them, NaN where the
    label is missing (the core then names those rows)."""
    missing = missing_values(y)
    present = y[~missing]
    kinds = {"text" if isinstance(v, (str, bytes)) else "number" for v in present}
    if len(kinds) > 1:
        examples = ", ".join(repr(v) for v in list(dict.fromkeys(present.tolist()))[:4])
        raise ValueError(
            f"y mixes text and numbers as labels ({examples}, ...); write every label one way, for example "
            "y.astype(str)"
        )
    labels, codes = np.unique(present, return_inverse=True)
    out = np.full(len(y), np.nan)
    out[~missing] = codes
    return labels, out


def has_value(y):
    """A boolean mask over the rows of y (a pandas Series or array, a numpy array or a list): True where the target
    has a value, False where featrel reads it as missing (NaN, None, pandas NA; empty or blank text, "NA", "?").
    ``keep = featrel.has_value(y); X[keep], y[keep]`` drops the rows a run would refuse."""
    return ~missing_values(target_array(y).ravel())
