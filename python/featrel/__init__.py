"""featrel: feature relevance and selection methods as scikit-learn estimators, over featrel's C++ core.

Every method of the command-line tool is an estimator here (FRI, CRFE, RFE, Boruta, SFC, UBayFS, MRMR, Fisher,
Laplacian, ParetoFCA) with the same options (keyword parameters named as the option tables name them), the same
results for the same seed, and the CLI's result document as ``result_``. See docs/python.md.
"""

from ._featrel import __version__
from ._base import FeatrelSelector, FeatrelWarning, OptionError, SolverError
from ._frames import has_value
from ._estimators import (
    CRFE,
    ESTIMATORS,
    FRI,
    MRMR,
    RFE,
    SFC,
    Boruta,
    Fisher,
    Laplacian,
    ParetoFCA,
    UBayFS,
)

__all__ = [
    "FRI", "CRFE", "RFE", "Boruta", "SFC", "UBayFS", "MRMR", "Fisher", "Laplacian", "ParetoFCA",
    "ESTIMATORS", "FeatrelSelector", "FeatrelWarning", "OptionError", "SolverError", "has_value", "__version__",
]
