"""The SAT encoding of Number Link: a thin entry point re-exporting :mod:`tremaux.numberlink.solvers.encoding`."""

from .solvers.encoding import FILL_COLOUR_BITS, SAT_BACKEND, Encoding, Model, loaded_solver
from .solvers.verdicts import colour_surplus

__all__ = ["Encoding", "FILL_COLOUR_BITS", "Model", "SAT_BACKEND", "colour_surplus", "loaded_solver"]
