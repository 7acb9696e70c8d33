# Logging.jl -- the Logging stdlib: Base.CoreLogging's loggers and levels under their public names.
module Logging

import Base.CoreLogging: LogLevel, BelowMinLevel, Debug, Info, Warn, Error, AboveMaxLevel, AbstractLogger,
    NullLogger, SimpleLogger, ConsoleLogger, global_logger, current_logger, with_logger, disable_logging,
    handle_message, shouldlog, min_enabled_level, @debug, @info, @warn, @error, @logmsg

export LogLevel, BelowMinLevel, Debug, Info, Warn, Error, AboveMaxLevel, AbstractLogger, NullLogger,
    SimpleLogger, ConsoleLogger, global_logger, current_logger, with_logger, disable_logging,
    @debug, @info, @warn, @error, @logmsg

end # module Logging
